import { DateTime } from 'luxon';
import type { StatsWindows } from './leads.repository';

/** Calendar month and day boundaries as they fall in `timeZone`, as UTC instants. */
export function statsWindows(now: Date, timeZone: string): StatsWindows {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  const thisMonth = local.startOf('month');
  const today = local.startOf('day');
  return {
    thisMonthStart: thisMonth.toJSDate(),
    nextMonthStart: thisMonth.plus({ months: 1 }).toJSDate(),
    lastMonthStart: thisMonth.minus({ months: 1 }).toJSDate(),
    todayStart: today.toJSDate(),
    tomorrowStart: today.plus({ days: 1 }).toJSDate(),
  };
}
