import { whatsappMessageSchema, whatsappReplyOptionsSchema, type WhatsappDirection, type WhatsappMessage, type WhatsappMessageStatus } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { WhatsappMessage as StoredWhatsappMessage } from '../../database/models';

export class WhatsappMessageOutput extends createZodDto(whatsappMessageSchema) {}

export class WhatsappReplyOptionsOutput extends createZodDto(whatsappReplyOptionsSchema) {}

/** A stored message with the member of staff who sent it, as the API shows it. */
export function toWhatsappMessageOutput(message: StoredWhatsappMessage & { sender: { id: string; name: string } | null }): WhatsappMessage {
  return {
    id: message.id,
    leadId: message.leadId,
    direction: message.direction as WhatsappDirection,
    type: message.type,
    text: message.body,
    template:
      message.templateName === null ? null : { name: message.templateName, language: message.templateLanguage ?? '', variables: JSON.parse(message.variables ?? '[]') as string[] },
    sentAt: message.sentAt.toISOString(),
    status: message.status as WhatsappMessageStatus,
    statusAt: message.statusAt?.toISOString() ?? null,
    error: message.error === null ? null : { code: message.errorCode, reason: message.error },
    sender: message.sender,
  };
}
