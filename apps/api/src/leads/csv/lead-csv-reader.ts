import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import type { FieldError } from '../../common/field-errors';
import { booleanLike } from '../boolean-words';
import { isLeadId } from '../lead-id';
import { CSV_RECORDS, checkCsvStructure, inSlices, recordStartLine } from './csv-structure';
import { unescapeFormula } from './formula-escape';
import { importedDate } from './import-dates';
import { importColumnOf, type ContactColumn } from './import-headers';
import { rupeesFromIndianAmount } from './indian-amount';

export interface CsvLeadRow {
  /** 1-based line where the record starts (the header is line 1). */
  line: number;
  /** The row as lead input: typed where the CSV column has a type (a budget is text, read as lead input reads it), absent where the file has no such column. */
  input: Record<string, unknown>;
  /** Identity and creation time carried by an exported file, so a round trip keeps them. */
  id?: string;
  createdAt?: Date;
  /** The row's Consent and Do Not Call cells, when the file has those columns and they are filled. */
  contact?: Partial<Record<ContactColumn, boolean>>;
  errors: FieldError[];
}

const IGNORED_COLUMNS = new Set(['updatedAt']);

export type LeadCsv = { ok: true; rows: AsyncGenerator<CsvLeadRow> } | { ok: false; errors: FieldError[] };

/**
 * An uploaded leads CSV: refused whole when it is not CSV or its records do not line up
 * with its header (checkCsvStructure); otherwise its rows, read record by record, each
 * with what is wrong with its values.
 */
export async function readLeadCsv(file: Buffer, timeZone: string): Promise<LeadCsv> {
  const structure = await checkCsvStructure(file);
  if (!structure.ok) return { ok: false, errors: structure.problems.map((message) => ({ field: 'file', message })) };
  return { ok: true, rows: leadRows(file, timeZone) };
}

async function* leadRows(file: Buffer, timeZone: string): AsyncGenerator<CsvLeadRow> {
  const parser = Readable.from(inSlices(file)).pipe(parse({ ...CSV_RECORDS, columns: (header: string[]) => header.map((name) => name.trim()), info: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield toLeadRow(record, recordStartLine(Object.values(record), info.lines), timeZone);
  }
}

/**
 * One record as lead input. Headers are read as importColumnOf reads them (our own
 * export's, or another CRM's: "First Name" + "Last Name", "Mobile No", "Budget (INR)"…);
 * where two headers name one field, the first filled cell wins.
 */
function toLeadRow(record: Record<string, string>, line: number, timeZone: string): CsvLeadRow {
  const errors: FieldError[] = [];
  const input: Record<string, unknown> = {};
  const row: CsvLeadRow = { line, input, errors };
  const nameParts: { firstName?: string; lastName?: string } = {};
  for (const [header, rawCell] of Object.entries(record)) {
    if (IGNORED_COLUMNS.has(header)) continue;
    const column = importColumnOf(header);
    if (!column) {
      errors.push({ field: header, message: 'is not a known column' });
      continue;
    }
    const cell = unescapeFormula(rawCell ?? '');
    // An empty cell says nothing: a new lead gets the default, a known one keeps its value.
    if (cell === '') continue;
    if (column === 'firstName' || column === 'lastName') {
      nameParts[column] ??= cell;
    } else if (column === '_id') {
      if (isLeadId(cell)) row.id = cell;
      else errors.push({ field: '_id', message: 'must be 1-64 letters, digits, _ or -' });
    } else if (column === 'createdAt') {
      const date = importedDate(cell, timeZone);
      if (date) row.createdAt ??= date;
      else errors.push({ field: header, message: 'must be a date such as 31/12/2025 (day first) or an ISO 8601 date and time' });
    } else if (column === 'qualified' || column === 'loan_needed') {
      const flag = booleanLike(cell);
      if (flag === undefined) errors.push({ field: header, message: 'must be true or false' });
      else input[column] ??= flag;
    } else if (column === 'consent' || column === 'doNotCall') {
      const flag = booleanLike(cell);
      if (flag === undefined) errors.push({ field: header, message: 'must be true or false' });
      else row.contact = { [column]: flag, ...row.contact };
    } else if (column === 'budgetInRupees') {
      // A column of amounts: "45 Lakh" is 45,00,000 rupees; anything else is kept as written.
      input.budget ??= rupeesFromIndianAmount(cell) ?? cell;
    } else {
      input[column] ??= cell;
    }
  }
  const fullName = [nameParts.firstName, nameParts.lastName].filter(Boolean).join(' ');
  if (fullName) input.name ??= fullName;
  return row;
}
