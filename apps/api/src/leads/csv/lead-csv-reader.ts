import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import type { FieldError } from '../../common/field-errors';
import { unescapeFormula } from './formula-escape';
import { isLeadId } from '../lead-id';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';

export interface CsvLeadRow {
  /** 1-based line where the record starts (the header is line 1). */
  line: number;
  /** The row as lead input: typed where the CSV column has a type, absent where the file has no such column. */
  input: Record<string, unknown>;
  /** Identity and creation time carried by an exported file, so a round trip keeps them. */
  id?: string;
  createdAt?: Date;
  errors: FieldError[];
}

const KNOWN_COLUMNS = new Set<string>(LEAD_CSV_COLUMNS);
const IGNORED_COLUMNS = new Set(['updatedAt']);
const BOOLEAN_TEXT: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** Parses an uploaded leads CSV record by record; a bad record is reported, never fatal. */
export async function* readLeadCsv(file: Buffer | string): AsyncGenerator<CsvLeadRow> {
  // Records the parser cannot read (broken quoting) are skipped by it and reported here.
  const unreadable: CsvLeadRow[] = [];
  const parser = Readable.from([file]).pipe(
    parse({
      columns: (header: string[]) => header.map((name) => name.trim()),
      bom: true,
      relax_column_count: true,
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error) unreadable.push({ line: Number((error as { lines?: unknown }).lines ?? 0), input: {}, errors: [{ field: 'row', message: `is not valid CSV: ${error.message}` }] });
        return undefined;
      },
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield* unreadable.splice(0);
    // info.lines is where the record ends; quoted newlines inside it moved that on.
    const innerNewlines = Object.values(record).reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    yield toLeadRow(record, info.lines - innerNewlines);
  }
  yield* unreadable.splice(0);
}

function toLeadRow(record: Record<string, string>, line: number): CsvLeadRow {
  const errors: FieldError[] = [];
  const input: Record<string, unknown> = {};
  const row: CsvLeadRow = { line, input, errors };
  for (const [column, rawCell] of Object.entries(record)) {
    if (IGNORED_COLUMNS.has(column)) continue;
    if (!KNOWN_COLUMNS.has(column)) {
      errors.push({ field: column, message: 'is not a known column' });
      continue;
    }
    const cell = unescapeFormula(rawCell ?? '');
    // An empty cell says nothing: a new lead gets the default, a known one keeps its value.
    if (cell === '') continue;
    if (column === '_id') {
      if (isLeadId(cell)) row.id = cell;
      else errors.push({ field: '_id', message: 'must be 1-64 letters, digits, _ or -' });
    } else if (column === 'createdAt') {
      const date = new Date(cell);
      if (Number.isNaN(date.getTime())) errors.push({ field: 'createdAt', message: 'must be an ISO 8601 date and time' });
      else row.createdAt = date;
    } else if (column === 'qualified' || column === 'loan_needed') {
      const flag = BOOLEAN_TEXT[cell.trim().toLowerCase()];
      if (flag === undefined) errors.push({ field: column, message: 'must be true or false' });
      else input[column] = flag;
    } else if (column === 'budget') {
      input.budget = NUMBER_TEXT.test(cell) ? Number(cell) : cell;
    } else {
      input[column] = cell;
    }
  }
  return row;
}
