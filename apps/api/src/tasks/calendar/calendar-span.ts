import { CALENDAR_MAX_DAYS } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { InvalidFieldsException } from '../../common/field-errors';

/** The instants a calendar covers: from the start of its first day to the start of the day after its last. */
export interface CalendarSpan {
  start: Date;
  end: Date;
}

/** The days `from` to `to` (YYYY-MM-DD, both included) as they are in `timeZone`; 400 naming `to` when it comes first or the span is too long. */
export function calendarSpan(from: string, to: string, timeZone: string): CalendarSpan {
  const first = DateTime.fromISO(from, { zone: timeZone }).startOf('day');
  const last = DateTime.fromISO(to, { zone: timeZone }).startOf('day');
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days < 1) throw new InvalidFieldsException([{ field: 'to', message: 'must not be before from' }]);
  if (days > CALENDAR_MAX_DAYS) throw new InvalidFieldsException([{ field: 'to', message: `must be at most ${CALENDAR_MAX_DAYS} days from from, both included` }]);
  return { start: first.toJSDate(), end: last.plus({ days: 1 }).toJSDate() };
}
