import { DateTime } from 'luxon';

/** Day first, as India writes dates; then the ISO order. With or without a time. */
const DAY_FIRST_FORMATS = ['d/M/yyyy', 'd-M-yyyy', 'd.M.yyyy', 'd MMM yyyy', 'd-MMM-yyyy', 'd MMMM yyyy', 'yyyy-MM-dd', 'yyyy/MM/dd'].flatMap((date) => [
  date,
  `${date} H:mm`,
  `${date} H:mm:ss`,
  `${date} h:mm a`,
]);

/**
 * A creation date as a spreadsheet or another CRM writes it: an ISO 8601 date and time
 * (our own export), or a date in one of DAY_FIRST_FORMATS, read in `timeZone`. 03/04/2026
 * is the 3rd of April. Undefined when it is none of these.
 */
export function importedDate(text: string, timeZone: string): Date | undefined {
  const trimmed = text.trim();
  const iso = DateTime.fromISO(trimmed, { zone: timeZone });
  if (iso.isValid && /^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return iso.toJSDate();
  for (const format of DAY_FIRST_FORMATS) {
    const date = DateTime.fromFormat(trimmed, format, { zone: timeZone, locale: 'en-IN' });
    if (date.isValid) return date.toJSDate();
  }
  return undefined;
}
