import { DateTime } from 'luxon';

/** "11 am", "11:30 am", "12 noon", "midnight": a time of day as the agent says it. */
export function spokenClock(at: DateTime): string {
  if (at.hour === 12 && at.minute === 0) return '12 noon';
  if (at.hour === 0 && at.minute === 0) return 'midnight';
  const hour = at.hour % 12 === 0 ? 12 : at.hour % 12;
  const minutes = at.minute === 0 ? '' : `:${String(at.minute).padStart(2, '0')}`;
  return `${hour}${minutes} ${at.hour < 12 ? 'am' : 'pm'}`;
}

/**
 * A moment as the agent says it in `timeZone`: "today at 4 pm", "tomorrow at 11 am", or
 * "Saturday 29 November at 11:30 am" (the year only when it is not this year's).
 */
export function spokenDateTime(at: Date, now: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone }).setLocale('en');
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const day = local.startOf('day');
  const days = Math.round(day.diff(today, 'days').days);
  const date = days === 0 ? 'today' : days === 1 ? 'tomorrow' : local.toFormat(day.year === today.year ? 'cccc d LLLL' : 'cccc d LLLL yyyy');
  return `${date} at ${spokenClock(local)}`;
}
