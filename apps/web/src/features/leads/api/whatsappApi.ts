import type { SendWhatsappMessage, WhatsappMessage, WhatsappReplyOptions, WhatsappTemplate } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

const whatsappPath = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/whatsapp`;

/** The lead's WhatsApp conversation, newest first. */
export function fetchWhatsappMessages(leadId: string, signal?: AbortSignal): Promise<WhatsappMessage[]> {
  return apiJson(`${whatsappPath(leadId)}/messages`, { signal });
}

/** What a reply may be now: WhatsApp configured or not, a refusal for the person, the 24-hour window. */
export function fetchWhatsappReplyOptions(leadId: string, signal?: AbortSignal): Promise<WhatsappReplyOptions> {
  return apiJson(`${whatsappPath(leadId)}/reply`, { signal });
}

export function fetchWhatsappTemplates(signal?: AbortSignal): Promise<WhatsappTemplate[]> {
  return apiJson('/api/whatsapp/templates', { signal });
}

/** Free text or a template; a refusal (409, 400, 503) is an ApiError with the API's reason. */
export function sendWhatsappMessage(leadId: string, message: SendWhatsappMessage): Promise<WhatsappMessage> {
  return apiJson(`${whatsappPath(leadId)}/messages`, { method: 'POST', body: message });
}
