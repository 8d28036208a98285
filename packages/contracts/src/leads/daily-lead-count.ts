import { z } from 'zod';
import { statsQuerySchema } from './lead-stats';

/** GET /api/leads/stats/daily: the last `days` calendar days in `tz`, today included. */
export const dailyStatsQuerySchema = statsQuerySchema.extend({
  days: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(366, 'must be at most 366').default(30),
});

/** Leads created on one calendar day (YYYY-MM-DD in the time zone asked for). */
export const dailyLeadCountSchema = z.object({
  date: z.iso.date(),
  qualified: z.number().int().nonnegative(),
  unqualified: z.number().int().nonnegative(),
});
export type DailyLeadCount = z.infer<typeof dailyLeadCountSchema>;
