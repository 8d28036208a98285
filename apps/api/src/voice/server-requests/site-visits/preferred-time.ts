import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';

/** When a part of the day is named without an hour ("Saturday evening"), the hour a visit is asked for. */
const PARTS_OF_DAY: [RegExp, number][] = [
  [/\bmorning\b/i, 10],
  [/\b(noon|midday|lunch)\b/i, 12],
  [/\bafternoon\b/i, 14],
  [/\bevening\b/i, 17],
  [/\bnight\b/i, 19],
];
/** A day named without an hour ("next Monday"): the morning. */
const DEFAULT_HOUR = 11;
/** "At 4" without am or pm: nobody visits a flat at 4 in the morning; hours up to 7 are afternoon or evening. */
const LAST_AMBIGUOUS_AFTERNOON_HOUR = 7;

/**
 * The time a caller asked for, said in words ("tomorrow 11 am", "Saturday evening", "next
 * Monday at 4") or written in ISO 8601, as a moment in `timeZone`: a time without an offset is
 * wall-clock time there, whatever the server's own zone. Null when no date or time is in it.
 */
export function parsePreferredTime(text: string, now: Date, timeZone: string): Date | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const iso = DateTime.fromISO(trimmed, { zone: timeZone, setZone: false });
  if (iso.isValid && /^\d{4}-\d{2}-\d{2}/.test(trimmed)) return iso.toJSDate();

  // chrono reads relative words ("tomorrow") against the server's local clock: it is given the
  // wall-clock time of `timeZone` as a local time, and its answer is read back the same way.
  const wallClock = DateTime.fromJSDate(now, { zone: timeZone });
  const reference = new Date(wallClock.year, wallClock.month - 1, wallClock.day, wallClock.hour, wallClock.minute, wallClock.second);
  const [parsed] = chrono.parse(trimmed, reference, { forwardDate: true });
  if (!parsed) return null;
  const { start } = parsed;
  const offset = start.get('timezoneOffset');
  if (start.isCertain('timezoneOffset') && offset !== null) return start.date();

  let hour = start.get('hour') ?? DEFAULT_HOUR;
  let minute = start.get('minute') ?? 0;
  if (!start.isCertain('hour')) {
    hour = PARTS_OF_DAY.find(([words]) => words.test(trimmed))?.[1] ?? DEFAULT_HOUR;
    minute = 0;
  } else if (!start.isCertain('meridiem') && hour >= 1 && hour <= LAST_AMBIGUOUS_AFTERNOON_HOUR) {
    hour += 12;
  }
  const local = DateTime.fromObject({ year: start.get('year')!, month: start.get('month')!, day: start.get('day')!, hour, minute }, { zone: timeZone });
  return local.isValid ? local.toJSDate() : null;
}
