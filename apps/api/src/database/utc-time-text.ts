import type { UtcTimeText } from './models';

/** How Prisma's SQLite adapter stores a time: toISOString() with "+00:00" for "Z". */
const ADAPTER_TEXT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
/** A UTC time in the forms the databases write: SQLite's CURRENT_TIMESTAMP, PostgreSQL's timestamp(3) text. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d+))?(?:Z|[+-]00(?::?00)?)?$/;

/**
 * A stored time as `UtcTimeText`. The databases hold UTC without saying so
 * (PostgreSQL's `timestamp(3)`, SQLite's text), so a time without an offset is UTC,
 * never the process's local time; fractions become exactly three digits.
 */
export function utcTimeText(stored: string | number): UtcTimeText {
  if (typeof stored === 'number') return new Date(stored).toISOString();
  if (ADAPTER_TEXT.test(stored)) return `${stored.slice(0, -6)}Z`;
  const utc = UTC_TEXT.exec(stored);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  // Another offset, written by some other tool: Date converts it.
  return new Date(stored).toISOString();
}
