import type { WhatsappMessage, WhatsappMessageStatus } from '@lead-desk/contracts';

/** A message's status as staff read it beside the message; the person's own need none. */
const STATUS_TEXT: Record<Exclude<WhatsappMessageStatus, 'received' | 'failed' | 'unconfirmed'>, string> = {
  pending: 'Waiting to be sent again',
  sending: 'Sending…',
  accepted: 'Taken by WhatsApp',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

export function whatsappStatusText(message: WhatsappMessage): string | null {
  if (message.status === 'received') return null;
  if (message.status === 'failed') return `Failed: ${message.error?.reason ?? 'no reason given'}`;
  if (message.status === 'unconfirmed') return `Not confirmed: ${message.error?.reason ?? 'WhatsApp never said whether it took the message.'}`;
  return STATUS_TEXT[message.status];
}

/** What a message says; a template without its approved body by its name, media without a caption by its type. */
export function whatsappMessageText(message: Pick<WhatsappMessage, 'text' | 'template' | 'type'>): string {
  return message.text ?? (message.template ? `Template ${message.template.name} (${message.template.language})` : `(${message.type})`);
}
