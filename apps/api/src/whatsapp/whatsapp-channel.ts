import { BUILT_IN_SOURCE_IDS } from '../leads/intake/built-in-sources';

/** The webhook inbox's channel of WhatsApp's deliveries (WebhookEvent.channel). */
export const WHATSAPP_CHANNEL = 'whatsapp';

/** The built-in lead source (the migration whatsapp_messages writes it): a person writing from a number no lead has becomes its lead; its refusals are counted there. */
export const WHATSAPP_SOURCE = { id: BUILT_IN_SOURCE_IDS.whatsapp, name: 'whatsapp' } as const;
