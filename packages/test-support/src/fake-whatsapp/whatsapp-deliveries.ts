import { assertWhatsappShape } from './whatsapp-schema';

/** The business number as Meta's deliveries name it. */
export interface FakeBusinessNumber {
  phoneNumberId: string;
  displayPhoneNumber: string;
  /** The WhatsApp Business Account's id (entry.id). */
  accountId: string;
}

/** A Cloud API error as a failed status carries it. */
export interface FakeStatusError {
  code: number;
  title: string;
  details: string;
}

const envelope = (number: FakeBusinessNumber, value: object) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: number.accountId, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId }, ...value } }] }],
});

/** The person's message as Meta posts it: their profile, and `messages[]` with from, id, Unix-seconds timestamp, type and what it says. */
export function whatsappMessageDelivery(
  number: FakeBusinessNumber,
  message: { from: string; id: string; at: Date; profileName?: string } & ({ text: string } | { button: { text: string; payload: string } }),
): object {
  const content = 'text' in message ? { type: 'text', text: { body: message.text } } : { type: 'button', button: message.button };
  const delivery = envelope(number, {
    contacts: [{ profile: { name: message.profileName ?? 'WhatsApp user' }, wa_id: message.from }],
    messages: [{ from: message.from, id: message.id, timestamp: String(Math.floor(message.at.getTime() / 1000)), ...content }],
  });
  assertWhatsappShape('WebhookPayload', delivery);
  return delivery;
}

/** A status of a message the business sent, as Meta posts it: `statuses[]` with id, status, timestamp, recipient_id, the key it was sent with, and a failure's errors. */
export function whatsappStatusDelivery(
  number: FakeBusinessNumber,
  status: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipientId: string; at: Date; bizOpaqueCallbackData?: string; error?: FakeStatusError },
): object {
  const delivery = envelope(number, {
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: String(Math.floor(status.at.getTime() / 1000)),
        recipient_id: status.recipientId,
        ...(status.bizOpaqueCallbackData === undefined ? {} : { biz_opaque_callback_data: status.bizOpaqueCallbackData }),
        ...(status.error
          ? { errors: [{ code: status.error.code, title: status.error.title, message: status.error.title, error_data: { details: status.error.details } }] }
          : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } }),
      },
    ],
  });
  assertWhatsappShape('WebhookPayload', delivery);
  return delivery;
}
