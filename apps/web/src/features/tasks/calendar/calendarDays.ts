/** A calendar day as the API names one: 2026-11-23. */
export type CalendarDay = string;

const MS_PER_DAY = 86_400_000;

/** The day an instant falls on in a time zone. */
export function dayOf(instant: Date | string, timeZone: string): CalendarDay {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** Whole days are counted on UTC midnights, so no daylight-saving change makes a day 23 or 25 hours long. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The seven days, Monday to Sunday, of the week that holds `day`. */
export function weekOf(day: CalendarDay): CalendarDay[] {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const monday = addDays(day, -((weekday + 6) % 7));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Items grouped by the day (in `timeZone`) their instant falls on, for the given days only, in their given order. */
export function groupByDay<Item>(items: readonly Item[], days: readonly CalendarDay[], timeZone: string, instantOf: (item: Item) => string): Map<CalendarDay, Item[]> {
  const groups = new Map<CalendarDay, Item[]>(days.map((day) => [day, []]));
  for (const item of items) groups.get(dayOf(instantOf(item), timeZone))?.push(item);
  return groups;
}
