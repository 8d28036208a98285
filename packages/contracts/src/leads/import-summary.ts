import { z } from 'zod';
import { fieldErrorSchema } from '../errors/field-error';

/**
 * POST /api/leads/import: what the file did. Each row is counted once: `created` a new
 * lead; `updated` the stored lead it is the same person as (written as `onMatch` says,
 * possibly changing nothing); `possibleDuplicates` a new lead flagged as a possible
 * duplicate of the lead whose phone or email it shares under another name (never an update
 * of it); `skipped` a bad row, each named by its line in `errors`.
 */
export const importSummarySchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  possibleDuplicates: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  errors: z.array(fieldErrorSchema.extend({ line: z.number().int() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
