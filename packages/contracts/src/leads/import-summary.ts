import { z } from 'zod';
import { fieldErrorSchema } from '../errors/field-error';

/** POST /api/leads/import: what the file did; each bad row is named by its line and skipped. */
export const importSummarySchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  errors: z.array(fieldErrorSchema.extend({ line: z.number().int() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
