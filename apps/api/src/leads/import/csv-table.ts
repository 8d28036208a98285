import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { checkCsvStructure, csvRecordsOf, inSlices, recordStartLine } from '../csv/csv-structure';
import type { ImportTableResult, TableRecord } from './import-table';

/**
 * A CSV file as a table: refused whole when it is not CSV or its records do not line up
 * with its header (checkCsvStructure); otherwise parsed again, record by record.
 */
export async function csvTable(file: Buffer): Promise<ImportTableResult> {
  const structure = await checkCsvStructure(file);
  if (!structure.ok) return { ok: false, errors: structure.problems.map((message) => ({ field: 'file', message })) };
  const records = csvRecords(file);
  const header = await records.next();
  // checkCsvStructure found a header row: the file has a first record.
  if (header.done) throw new Error('A CSV file that passed the structure check has no header row');
  return { ok: true, table: { headers: header.value.cells.map((name) => name.trim()), records } };
}

async function* csvRecords(file: Buffer): AsyncGenerator<TableRecord> {
  const parser = Readable.from(inSlices(file)).pipe(parse({ ...csvRecordsOf(file), info: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: recordStartLine(record, info.lines), cells: record };
  }
}
