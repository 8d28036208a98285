import type { NewWhatsappTemplate, WhatsappAutomaticMessages, WhatsappAutomaticMessagesInput, WhatsappTemplate, WhatsappTemplateChanges } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export const automaticMessagesKey = ['whatsapp-automatic-messages'] as const;
const templatePath = (id: string) => `/api/whatsapp/templates/${encodeURIComponent(id)}`;

/** Every registered template, archived ones too. */
export const fetchTemplates = (signal?: AbortSignal): Promise<WhatsappTemplate[]> => apiJson('/api/whatsapp/templates', { signal });
/** Registers a template approved in WhatsApp Manager; 409 when its name and language are registered already. */
export const registerTemplate = (template: NewWhatsappTemplate): Promise<WhatsappTemplate> => apiJson('/api/whatsapp/templates', { method: 'POST', body: template });
/** Its variables and body as Meta approved them again, or archived (or brought back). */
export const changeTemplate = (id: string, changes: WhatsappTemplateChanges): Promise<WhatsappTemplate> => apiJson(templatePath(id), { method: 'PATCH', body: changes });

export const fetchAutomaticMessages = (signal?: AbortSignal): Promise<WhatsappAutomaticMessages> => apiJson('/api/settings/whatsapp-automatic', { signal });
/** All three at once; a 400 names the field at fault (`visitConfirmation.template`). */
export const saveAutomaticMessages = (settings: WhatsappAutomaticMessagesInput): Promise<WhatsappAutomaticMessages> =>
  apiJson('/api/settings/whatsapp-automatic', { method: 'PUT', body: settings });
