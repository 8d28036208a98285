import type { TaskDueWindow } from '@lead-desk/contracts';
import { DateTime } from 'luxon';

/** The due times a window holds: from `from` (included) to `before` (excluded); null is unbounded. */
export interface DueTimes {
  from: Date | null;
  before: Date | null;
}

/**
 * Overdue: due before now. Today: from now to the end of today as the day is in `timeZone`.
 * Upcoming: from the start of tomorrow there. The three never overlap.
 */
export function dueTimesOf(window: TaskDueWindow, now: Date, timeZone: string): DueTimes {
  const tomorrow = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day').plus({ days: 1 }).toJSDate();
  switch (window) {
    case 'overdue':
      return { from: null, before: now };
    case 'today':
      return { from: now, before: tomorrow };
    case 'upcoming':
      return { from: tomorrow, before: null };
  }
}
