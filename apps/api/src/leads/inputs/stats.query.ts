import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { isTimeZone } from '../../config/app-config';

export const statsQuerySchema = z.object({
  tz: z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata').optional(),
});

export class StatsQuery extends createZodDto(statsQuerySchema) {}

export const dailyStatsQuerySchema = statsQuerySchema.extend({
  days: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(366, 'must be at most 366').default(30),
});

export class DailyStatsQuery extends createZodDto(dailyStatsQuerySchema) {}
