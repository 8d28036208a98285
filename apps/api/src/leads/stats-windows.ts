import { DateTime } from 'luxon';

/** The instants that bound "this month", "last month" and "today" for the dashboard's stats. */
export interface StatsWindows {
  thisMonthStart: Date;
  nextMonthStart: Date;
  lastMonthStart: Date;
  todayStart: Date;
  tomorrowStart: Date;
}

/** Leads created in one window, by the agent's judgement. */
export interface DayCounts {
  qualified: number;
  unqualified: number;
}

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

export interface LocalDay {
  /** The calendar date in the zone, YYYY-MM-DD. */
  date: string;
  start: Date;
  end: Date;
}

/** The last `days` calendar days in `timeZone`, today last; a day spans 23 to 25 hours around DST changes. */
export function lastLocalDays(now: Date, timeZone: string, days: number): LocalDay[] {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return Array.from({ length: days }, (_, index) => {
    const start = today.minus({ days: days - 1 - index });
    return { date: start.toISODate()!, start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
  });
}
