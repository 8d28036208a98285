import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { pageCursorSchema } from '../common/text';

/** What the access log records: reads and exports of personal data, and changes of a person's rights over it. */
export const accessLogActionSchema = z.enum([
  'leads_exported',
  'lead_viewed',
  'recording_played',
  'access_archive_downloaded',
  'person_erased',
  'retention_purged',
  'do_not_call_changed',
  'consent_changed',
  'leads_merged',
  'merge_undone',
  // Lead sources: a source made, changed or removed (or the staff-created leads' switch), an API key made or revoked.
  'lead_source_changed',
  'lead_source_key_created',
  'lead_source_key_revoked',
]);
export type AccessLogAction = z.infer<typeof accessLogActionSchema>;

/** One entry of GET /api/audit: ids, filters and counts only, never a copy of a record. */
export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /** The member of staff (name null once the account is gone); null in open mode and for the app itself. */
  actor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  action: accessLogActionSchema,
  leadId: z.string().nullable(),
  targetIds: z.array(z.string()),
  details: z.record(z.string(), z.unknown()),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

/** GET /api/audit: newest first, a keyset page at a time (the next page's URL in the Link header). */
export const accessLogQuerySchema = z.object({
  actor: recordIdSchema.optional(),
  action: accessLogActionSchema.optional(),
  lead: recordIdSchema.optional(),
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: pageCursorSchema.optional(),
});
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;
