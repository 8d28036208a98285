import type { Statement } from 'better-sqlite3';
import { utcTimeText } from '../utc-time-text';

type Row = Record<string, unknown>;
type Converter = (value: unknown) => unknown;

/** Column types as Prisma's SQLite migrations declare them, and what the domain wants of their values. */
const CONVERTERS: Record<string, Converter> = {
  BOOLEAN: (value) => (value === null ? null : value !== 0),
  DATETIME: (value) => (value === null ? null : utcTimeText(value as string | number)),
};

/**
 * Turns a statement's rows into the domain's values in place: SQLite stores booleans as
 * 1/0 and times as text, and better-sqlite3 returns them so. Which columns need it is
 * read once per statement from the types their table declares; an expression's column
 * has no declared type and is left as it is.
 */
export function rowConverter(statement: Statement): (rows: unknown[]) => void {
  const conversions = statement
    .columns()
    .flatMap(({ name, type }) => (type && CONVERTERS[type.toUpperCase()] ? [[name, CONVERTERS[type.toUpperCase()]] as const] : []));
  if (conversions.length === 0) return () => undefined;
  return (rows) => {
    for (const row of rows as Row[]) for (const [name, convert] of conversions) row[name] = convert(row[name]);
  };
}
