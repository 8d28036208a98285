import { z } from 'zod';
import { bulkActionSchema } from './bulk-action';

/** queued: waiting for a worker; running: batches being applied; then succeeded or failed (with an error). */
export const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** bulk: POST /api/leads/bulk; import: POST /api/leads/import run in the background. */
export const jobKindSchema = z.enum(['bulk', 'import']);
export type JobKind = z.infer<typeof jobKindSchema>;

/**
 * A background job as GET /api/jobs/:id answers it and the `job.updated` live event
 * carries it. `processed` counts leads (or rows) done so far, of `total`: `changed` of them
 * were changed, `skipped` needed no change (already in that stage, say) or were refused
 * (each refusal named in `errors`, the first 100). An import counts rows: `changed` are the
 * leads it created or updated, `created` the new ones among them, `possibleDuplicates` the
 * new ones flagged as possible duplicates of a lead (the rest it updated), `skipped` the rows
 * refused (each error with its line and column).
 */
export const jobSchema = z.object({
  id: z.string(),
  kind: jobKindSchema,
  status: jobStatusSchema,
  /** The bulk action; null for an import. */
  action: bulkActionSchema.nullable(),
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  /** Of `changed`, the leads an import created (the others it updated, or created as possible duplicates); 0 for a bulk job. */
  created: z.number().int().nonnegative(),
  /** Of `changed`, the leads an import created flagged as possible duplicates of another; 0 for a bulk job. */
  possibleDuplicates: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** A bulk job's refusals name the lead (`id`); an import's the line and column (`field`) as the synchronous import does. */
  errors: z.array(z.object({ id: z.string().nullable(), line: z.number().int().nullable(), field: z.string().nullable(), message: z.string() })),
  /** Why a failed job stopped. */
  error: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Where the result is downloaded, once there is one (an export's CSV). */
  download: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** POST /api/leads/bulk and POST /api/leads/import/jobs (202): the job made for the request; follow it with GET /api/jobs/:id or live events. */
export const jobCreatedSchema = z.object({ id: z.string(), total: z.number().int().nonnegative() });
export type JobCreated = z.infer<typeof jobCreatedSchema>;
