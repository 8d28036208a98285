import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchCalendar } from '../api/calendarApi';
import { taskKeys } from '../api/taskQueryKeys';
import { addDays, weekOf } from '../calendar/calendarDays';
import { useToday } from './useToday';

/** The site visits of a week (Monday to Sunday) per agent, and moving to the week before, after, or today's. */
export function useCalendarWeek(timeZone: string) {
  const today = useToday(timeZone);
  // Weeks away from today's: 0 follows today as the days pass.
  const [offset, setOffset] = useState(0);
  const days = weekOf(addDays(today, offset * 7));
  const query = { from: days[0], to: days[6], tz: timeZone, type: 'site_visit' } as const;
  const calendar = useQuery({ queryKey: taskKeys.calendar(query), queryFn: ({ signal }) => fetchCalendar(query, signal), placeholderData: keepPreviousData });
  return {
    calendar,
    days,
    today,
    showsThisWeek: offset === 0,
    previousWeek: () => setOffset((weeks) => weeks - 1),
    nextWeek: () => setOffset((weeks) => weeks + 1),
    thisWeek: () => setOffset(0),
  };
}
