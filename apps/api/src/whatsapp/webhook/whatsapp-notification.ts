import { z } from 'zod';
import { fieldErrorsFromZod, type FieldError } from '../../common/field-errors';

/** Unix seconds as Meta writes them in a webhook (a string of digits). */
const unixSeconds = z.union([z.string().regex(/^\d{1,12}$/, 'must be Unix seconds'), z.number().int().nonnegative().transform(String)]);
const waId = z.string().trim().regex(/^\d{6,20}$/, 'must be a WhatsApp number (digits)');

/** A message the person sent (the webhook's `messages[]`): its id, sender, Meta's timestamp and what it says by type. */
const incomingMessageSchema = z.looseObject({
  from: waId,
  id: z.string().min(1).max(256),
  timestamp: unixSeconds,
  type: z.string().min(1).max(50),
  text: z.looseObject({ body: z.string() }).optional(),
  button: z.looseObject({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  interactive: z.looseObject({ button_reply: z.looseObject({ title: z.string() }).optional(), list_reply: z.looseObject({ title: z.string() }).optional() }).optional(),
  image: z.looseObject({ caption: z.string().optional() }).optional(),
  video: z.looseObject({ caption: z.string().optional() }).optional(),
  document: z.looseObject({ caption: z.string().optional() }).optional(),
  reaction: z.looseObject({ emoji: z.string().optional() }).optional(),
});

/** A status of a message we sent (the webhook's `statuses[]`), with Meta's reason when it failed. */
const statusSchema = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.enum(['sent', 'delivered', 'read', 'failed'], 'must be sent, delivered, read or failed'),
  timestamp: unixSeconds,
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(z.looseObject({ code: z.number().int().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.looseObject({ details: z.string().optional() }).optional() }))
    .optional(),
});

const messagesValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string() }),
  contacts: z.array(z.looseObject({ wa_id: z.string().optional(), profile: z.looseObject({ name: z.string().optional() }).optional() })).optional(),
  messages: z.array(incomingMessageSchema).max(1000).optional(),
  statuses: z.array(statusSchema).max(1000).optional(),
});

const notificationSchema = z.looseObject({
  object: z.literal('whatsapp_business_account', 'must be whatsapp_business_account (the webhook is subscribed to a WhatsApp Business Account)'),
  entry: z.array(z.looseObject({ id: z.string().optional(), changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })).optional() })).max(1000),
});

export type IncomingMessage = z.infer<typeof incomingMessageSchema>;
export type MessageStatus = z.infer<typeof statusSchema>;

/** One item of a delivery, as the inbox keeps it: the person's message (with their profile name), or a status of ours. */
export type WhatsappDeliveryItem =
  | { kind: 'message'; externalId: string; payload: { message: IncomingMessage; profileName: string | null } }
  | { kind: 'status'; externalId: string; payload: MessageStatus };

export type WhatsappNotificationReading = { ok: true; items: WhatsappDeliveryItem[] } | { ok: false; errors: FieldError[] };

/**
 * The items a delivery brings to our business number: each message the person sent (keyed by
 * Meta's message id) and each status of a message we sent (keyed by its id and the status, as
 * sent, delivered and read come one by one). Changes of other fields, and those of another
 * number of the account, are not ours and are skipped; an item of ours that cannot be read makes
 * the whole delivery a 400 naming it.
 */
export function readWhatsappNotification(body: unknown, phoneNumberId: string): WhatsappNotificationReading {
  const notification = notificationSchema.safeParse(body);
  if (!notification.success) return { ok: false, errors: fieldErrorsFromZod(notification.error) };
  const items: WhatsappDeliveryItem[] = [];
  const errors: FieldError[] = [];
  notification.data.entry.forEach((entry, entryIndex) =>
    (entry.changes ?? []).forEach((change, changeIndex) => {
      if (change.field !== 'messages') return;
      const value = messagesValueSchema.safeParse(change.value);
      const at = `entry.${entryIndex}.changes.${changeIndex}.value`;
      if (!value.success) return errors.push(...fieldErrorsFromZod(value.error).map((error) => ({ ...error, field: `${at}.${error.field}` })));
      if (value.data.metadata.phone_number_id !== phoneNumberId) return;
      const names = new Map((value.data.contacts ?? []).flatMap((contact) => (contact.wa_id ? [[contact.wa_id, contact.profile?.name ?? null] as const] : [])));
      for (const message of value.data.messages ?? []) items.push({ kind: 'message', externalId: message.id, payload: { message, profileName: names.get(message.from) ?? null } });
      for (const status of value.data.statuses ?? []) items.push({ kind: 'status', externalId: `${status.id}:${status.status}`, payload: status });
    }),
  );
  return errors.length > 0 ? { ok: false, errors } : { ok: true, items };
}

/** What the person's message says in words: its text, a button's or list's label, a caption, a reaction; null for media without one. */
export function textOf(message: IncomingMessage): string | null {
  return (
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    message.image?.caption ??
    message.video?.caption ??
    message.document?.caption ??
    message.reaction?.emoji ??
    null
  );
}

/** Meta's Unix seconds as a time. */
export function metaTime(timestamp: string): Date {
  return new Date(Number(timestamp) * 1000);
}
