/** The browser's IANA time zone: "today" and the calendar's days are the member's own. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(withDay: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withDay}|${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    const parts: Intl.DateTimeFormatOptions = withDay ? { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' } : { timeStyle: 'short' };
    made = new Intl.DateTimeFormat('en-IN', { ...parts, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** "11:00 am" for a time on a day already shown, "Tue, 24 Nov, 11:00 am" otherwise; in `timeZone` (the browser's when absent). */
export function formatDueTime(iso: string, { withDay, timeZone }: { withDay: boolean; timeZone?: string }): string {
  return formatter(withDay, timeZone).format(new Date(iso));
}

/** A `datetime-local` input's value for an instant, in the browser's time zone (minutes precision). */
export function toDateTimeLocal(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
