import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { LeadOutput } from '../outputs/lead.output';
import { escapeFormula } from './formula-escape';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';

/** RFC 4180 CSV (CRLF, quoted where needed) of leads, produced as fast as it is read. */
export function leadsCsvStream(leads: AsyncIterable<LeadOutput>): Readable {
  const csv = stringify({
    header: true,
    columns: [...LEAD_CSV_COLUMNS],
    record_delimiter: '\r\n',
    // RFC 4180 quotes CRLF; a lone CR or LF must be quoted too or readers split the row.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value), string: escapeFormula, number: (value) => escapeFormula(String(value)) },
  });
  Readable.from(leads).pipe(csv);
  return csv;
}
