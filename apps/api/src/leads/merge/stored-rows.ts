import type { ReadRow } from '../../database/models';

/** The columns of a row that hold times (Date, or Date or null). */
export type TimeColumn<Row> = { [Column in keyof Row]-?: Date extends Row[Column] ? Column : never }[keyof Row];

/**
 * A row kept as JSON text brought back with its times as Dates. `times` names every time column
 * of the row's type (the compiler holds it to that), so a time column added later is never
 * written back as text.
 */
export function rowFromJson<Row>(json: ReadRow<Row>, times: Record<TimeColumn<Row>, true>): Row {
  const row: Record<string, unknown> = { ...json };
  for (const column of Object.keys(times)) {
    const value = row[column];
    row[column] = value === null || value === undefined ? value : new Date(value as string);
  }
  return row as Row;
}

/** A row as JSON keeps it: its times as ISO text. */
export function rowToJson<Row>(row: Row): ReadRow<Row> {
  return JSON.parse(JSON.stringify(row)) as ReadRow<Row>;
}
