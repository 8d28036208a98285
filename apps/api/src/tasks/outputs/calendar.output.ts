import { calendarFeedSchema, calendarSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class CalendarOutput extends createZodDto(calendarSchema) {}
export class CalendarFeedOutput extends createZodDto(calendarFeedSchema) {}
