import { calendarFeedSchema, calendarSchema, type CalendarTask } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { CalendarTaskRow } from '../tasks.repository';
import { statusOf } from './task.output';

export class CalendarOutput extends createZodDto(calendarSchema) {}
export class CalendarFeedOutput extends createZodDto(calendarFeedSchema) {}

export function toCalendarTaskOutput(row: CalendarTaskRow): CalendarTask {
  return {
    id: row.id,
    leadId: row.leadId,
    leadName: row.leadName,
    type: row.type,
    // The calendar leaves cancelled tasks out.
    status: statusOf({ doneAt: row.doneAt, cancelledAt: null }),
    dueAt: row.dueAt,
    endsAt: row.endsAt,
    property: row.propertyId !== null && row.propertyName !== null ? { id: row.propertyId, name: row.propertyName } : null,
  };
}
