import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export const leadFilterSchema = z.object({
  status: z.enum(['all', 'qualified', 'unqualified'], 'must be all, qualified or unqualified').default('all'),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

export const listLeadsQuerySchema = leadFilterSchema.extend({
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1).max(1000).default(100),
  cursor: z.string().max(200).optional(),
});

export class LeadFilterQuery extends createZodDto(leadFilterSchema) {}
export class ListLeadsQuery extends createZodDto(listLeadsQuerySchema) {}

export type LeadFilter = z.output<typeof leadFilterSchema>;
