import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { isTimeZone } from '../../config/app-config';

export const statsQuerySchema = z.object({
  tz: z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata').optional(),
});

export class StatsQuery extends createZodDto(statsQuerySchema) {}
