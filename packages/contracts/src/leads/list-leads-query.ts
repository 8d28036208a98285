import { z } from 'zod';
import { pageCursorSchema } from '../common/text';
import { leadFilterSchema } from './lead-filter';

/** GET /api/leads: a filter and one page of it; the next page's cursor comes from the Link header. */
export const listLeadsQuerySchema = leadFilterSchema.extend({
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(100),
  cursor: pageCursorSchema.optional(),
});
