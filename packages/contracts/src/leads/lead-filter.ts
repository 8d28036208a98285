import { z } from 'zod';

export const leadStatusSchema = z.enum(['all', 'qualified', 'unqualified'], 'must be all, qualified or unqualified');
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** Which leads a list, a count or the CSV export covers: by qualification and a search term. */
export const leadFilterSchema = z.object({
  status: leadStatusSchema.default('all'),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
export type LeadFilter = z.output<typeof leadFilterSchema>;
