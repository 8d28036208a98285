import type { Lead } from '../../database/models';
import { escapeFormula } from './formula-escape';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';

export type CsvCell = string | number | boolean | null;

const RECORD_END = '\r\n';
// RFC 4180 quotes a cell holding the delimiter, a quote or CRLF; a lone CR or LF too,
// or readers split the row.
const NEEDS_QUOTES = /[",\r\n]/;

/** The header record of leads.csv. */
export const LEAD_CSV_HEADER = LEAD_CSV_COLUMNS.join(',') + RECORD_END;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  const text = escapeFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One RFC 4180 record ended by CRLF: quoted where needed, formulas neutralised, null
 * as an empty cell. Written by hand because csv-stringify's per-cell machinery took
 * most of an export's time; the spec holds it to csv-stringify's output.
 */
export function csvRecord(cells: readonly CsvCell[]): string {
  let text = cell(cells[0]);
  for (let index = 1; index < cells.length; index += 1) text += ',' + cell(cells[index]);
  return text + RECORD_END;
}

/**
 * The CSV records of leads, in LEAD_CSV_COLUMNS order with the values toLeadOutput
 * gives them: the definition of leads.csv, which the database-side exports are held to.
 */
export function leadsCsvRecords(leads: Lead[]): string {
  let text = '';
  for (const lead of leads) {
    text += csvRecord([
      lead.id,
      lead.name,
      lead.email,
      lead.location,
      lead.qualified,
      lead.createdAt.toISOString(),
      lead.source,
      lead.phone,
      lead.interestedIn,
      lead.budgetAmount ?? lead.budgetText,
      lead.timeline,
      lead.loanNeeded,
    ]);
  }
  return text;
}
