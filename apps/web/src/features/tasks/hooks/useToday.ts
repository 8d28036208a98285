import { useCallback, useSyncExternalStore } from 'react';
import { dayOf, type CalendarDay } from '../calendar/calendarDays';

/** How often the page looks whether a new day began: "Due today" moves on within a minute of midnight. */
const CHECK_MS = 60_000;

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, CHECK_MS);
  return () => clearInterval(timer);
}

/** Today's date in the time zone, changing when the day does. */
export function useToday(timeZone: string): CalendarDay {
  const read = useCallback(() => dayOf(new Date(), timeZone), [timeZone]);
  return useSyncExternalStore(subscribe, read, read);
}
