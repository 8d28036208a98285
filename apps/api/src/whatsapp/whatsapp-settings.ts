import { NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';

/** What WhatsApp needs, all four set: sending takes the token and number, the webhook the secret and verify token. */
export interface WhatsappSettings {
  graphUrl: string;
  graphVersion: string;
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
}

const REQUIRED = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

/** The settings, or the variables still to set: WhatsApp is on only with all of them (half a channel would take messages it cannot answer). */
export function readWhatsappSettings(config: AppConfig): { ok: true; settings: WhatsappSettings } | { ok: false; missing: string[] } {
  const missing = REQUIRED.filter((variable) => !config[variable]);
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    settings: {
      graphUrl: config.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
      graphVersion: config.WHATSAPP_GRAPH_VERSION,
      accessToken: config.WHATSAPP_ACCESS_TOKEN!,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
      appSecret: config.WHATSAPP_APP_SECRET!,
      verifyToken: config.WHATSAPP_VERIFY_TOKEN!,
    },
  };
}

/** The reason while WhatsApp is off, naming what to set: the 404, the 503 and the reply box say the same. */
export const whatsappNotConfigured = (missing: string[]) => `WhatsApp is not configured: set ${missing.join(', ')}.`;

/** For the webhook: an unconfigured channel is not there (404), as Meta's and Google's lead webhooks answer. */
export function whatsappWebhookSettings(config: AppConfig): WhatsappSettings {
  const read = readWhatsappSettings(config);
  if (!read.ok) throw new NotFoundException(whatsappNotConfigured(read.missing));
  return read.settings;
}

/** For sending: the route exists but cannot work yet (503), as outbound calls answer without Vapi's keys. */
export function whatsappSendingSettings(config: AppConfig): WhatsappSettings {
  const read = readWhatsappSettings(config);
  if (!read.ok) throw new ServiceUnavailableException(whatsappNotConfigured(read.missing));
  return read.settings;
}
