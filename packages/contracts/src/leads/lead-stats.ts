import { z } from 'zod';
import { timeZoneSchema } from '../common/time-zone';

/** GET /api/leads/stats: months and today are counted in `tz` (the server's APP_TIME_ZONE without it). */
export const statsQuerySchema = z.object({ tz: timeZoneSchema.optional() });

const count = z.number().int().nonnegative();

export const leadStatsSchema = z.object({
  total: count,
  qualified: count,
  unqualified: count,
  thisMonth: count,
  lastMonth: count,
  unqualifiedThisMonth: count,
  unqualifiedLastMonth: count,
  processedToday: count,
});
export type LeadStats = z.infer<typeof leadStatsSchema>;
