import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { checkCsvStructure, csvRecordsOf, inSlices, recordStartLine } from '../csv/csv-structure';
import { csvDelimiterOf, delimiterName } from '../csv/csv-delimiter';
import { decodeText, NOT_TEXT } from '../csv/text-encoding';
import type { ImportLimits } from './import-limits';
import type { ImportTableResult, TableRecord } from './import-table';

/**
 * A CSV file as a table: decoded once (decodeText: its encoding told by its bytes), refused
 * whole when it is not text or not CSV, its records do not line up with its header or a
 * cell is longer than the import's limit (checkCsvStructure); otherwise parsed again,
 * record by record.
 */
export async function csvTable(file: Buffer, limits: ImportLimits): Promise<ImportTableResult> {
  const decoded = decodeText(file);
  if (!decoded) return { ok: false, errors: [{ field: 'file', message: `is not CSV: it ${NOT_TEXT}` }] };
  const { text, encoding, byteOrderMark } = decoded;
  const structure = await checkCsvStructure(text, limits);
  if (!structure.ok) return { ok: false, errors: structure.problems.map((message) => ({ field: 'file', message })) };
  const records = csvRecords(text);
  const header = await records.next();
  // checkCsvStructure found a header row: the file has a first record.
  if (header.done) throw new Error('A CSV file that passed the structure check has no header row');
  return {
    ok: true,
    table: { headers: header.value.cells.map((name) => name.trim()), records, reading: { format: 'csv', encoding, byteOrderMark, delimiter: delimiterName(csvDelimiterOf(text)) } },
  };
}

async function* csvRecords(text: string): AsyncGenerator<TableRecord> {
  const parser = Readable.from(inSlices(text)).pipe(parse({ ...csvRecordsOf(text), info: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: recordStartLine(record, info.lines), cells: record };
  }
}
