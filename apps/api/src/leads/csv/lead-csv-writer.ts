import { Readable } from 'node:stream';
import type { Lead } from '../../generated/sqlite/client';
import { escapeFormula } from './formula-escape';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';

const RECORD_END = '\r\n';
// RFC 4180 quotes a cell holding the delimiter, a quote or CRLF; a lone CR or LF too,
// or readers split the row.
const NEEDS_QUOTES = /[",\r\n]/;

function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  const text = escapeFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One lead as a CSV record, in LEAD_CSV_COLUMNS order with the values toLeadOutput gives them. */
function record(lead: Lead): string {
  return [
    cell(lead.id),
    cell(lead.name),
    cell(lead.email),
    cell(lead.location),
    cell(lead.qualified),
    cell(lead.createdAt.toISOString()),
    cell(lead.source),
    cell(lead.phone),
    cell(lead.interestedIn),
    cell(lead.budgetAmount ?? lead.budgetText),
    cell(lead.timeline),
    cell(lead.loanNeeded),
  ].join(',');
}

/** The CSV text of a batch of leads, each record ended by CRLF. */
export function leadsCsvRecords(leads: Lead[]): string {
  let text = '';
  for (const lead of leads) text += record(lead) + RECORD_END;
  return text;
}

/**
 * RFC 4180 CSV (CRLF, quoted where needed, formulas neutralised) of leads, produced as
 * fast as it is read: one chunk per batch of leads, so a million leads are a thousand
 * writes rather than a million, and only one batch is in memory at a time. Written by
 * hand because csv-stringify's per-cell machinery took most of an export's time; the
 * spec holds it to csv-stringify's output.
 */
export function leadsCsvStream(batches: AsyncIterable<Lead[]>): Readable {
  return Readable.from(csvChunks(batches), { objectMode: false });
}

async function* csvChunks(batches: AsyncIterable<Lead[]>): AsyncGenerator<string> {
  yield LEAD_CSV_COLUMNS.join(',') + RECORD_END;
  for await (const leads of batches) if (leads.length > 0) yield leadsCsvRecords(leads);
}
