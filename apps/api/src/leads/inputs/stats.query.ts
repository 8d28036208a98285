import { dailyStatsQuerySchema, statsQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StatsQuery extends createZodDto(statsQuerySchema) {}
export class DailyStatsQuery extends createZodDto(dailyStatsQuerySchema) {}
