import { calendarQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { z } from 'zod';

export class CalendarQueryInput extends createZodDto(calendarQuerySchema) {}

export type ValidCalendarQuery = z.output<typeof calendarQuerySchema>;
