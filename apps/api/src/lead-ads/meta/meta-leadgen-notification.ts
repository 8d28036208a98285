import { z } from 'zod';
import { fieldErrorsFromZod, type FieldError } from '../../common/field-errors';

/** A Graph id: Meta writes them as strings of digits; a number is read as its digits. */
const graphId = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative().transform(String)]);

/** One lead of a `leadgen` change: ids only, the answers are read from the Graph API. */
const leadgenValueSchema = z.looseObject({
  leadgen_id: graphId,
  page_id: graphId.optional(),
  form_id: graphId.optional(),
  ad_id: graphId.optional(),
  adgroup_id: graphId.optional(),
  /** Unix seconds of the submission. */
  created_time: z.number().int().nonnegative().optional(),
});

const changeSchema = z.looseObject({ field: z.string(), value: z.unknown() });

const notificationSchema = z.looseObject({
  object: z.literal('page', 'must be page (the webhook is subscribed to Pages)'),
  entry: z.array(z.looseObject({ id: graphId.optional(), changes: z.array(changeSchema).optional() })).max(1000),
});

/** A lead Meta announced, as the inbox keeps it. */
export type MetaLeadgen = z.infer<typeof leadgenValueSchema>;

export type MetaNotificationReading = { ok: true; leads: MetaLeadgen[] } | { ok: false; errors: FieldError[] };

/**
 * The leads a Page notification announces: each `leadgen` change's value, its leadgen id
 * first; changes of other fields are not ours and are skipped. A leadgen change without a
 * readable leadgen id makes the whole delivery a 400 naming it.
 */
export function readMetaNotification(body: unknown): MetaNotificationReading {
  const notification = notificationSchema.safeParse(body);
  if (!notification.success) return { ok: false, errors: fieldErrorsFromZod(notification.error) };
  const leads: MetaLeadgen[] = [];
  const errors: FieldError[] = [];
  notification.data.entry.forEach((entry, entryIndex) =>
    (entry.changes ?? []).forEach((change, changeIndex) => {
      if (change.field !== 'leadgen') return;
      const value = leadgenValueSchema.safeParse(change.value);
      if (value.success) leads.push(value.data);
      else errors.push(...fieldErrorsFromZod(value.error).map((error) => ({ ...error, field: `entry.${entryIndex}.changes.${changeIndex}.value.${error.field}` })));
    }),
  );
  return errors.length > 0 ? { ok: false, errors } : { ok: true, leads };
}
