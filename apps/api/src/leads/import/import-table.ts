import type { ImportFileReading } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { csvTable } from './csv-table';
import type { ImportLimits } from './import-limits';
import { isXlsx, xlsxTable } from './xlsx-table';

/** One record of an imported file: where it starts (the header is line 1) and its cells as text, one per header. */
export interface TableRecord {
  line: number;
  cells: string[];
}

/** An imported file as a table: how it was read, its header row, then its records, read one at a time. */
export interface ImportTable {
  reading: ImportFileReading;
  headers: string[];
  records: AsyncGenerator<TableRecord>;
}

/** The same table with its first records read ahead: what its columns' values are judged by. */
export interface SampledImportTable extends ImportTable {
  sample: TableRecord[];
}

export type ImportTableResult = { ok: true; table: ImportTable } | { ok: false; errors: FieldError[] };
export type SampledImportTableResult = { ok: true; table: SampledImportTable } | { ok: false; errors: FieldError[] };

/** Records read ahead to judge a column by its values: enough for a majority to mean something, few enough to cost nothing. */
export const SAMPLE_RECORDS = 50;

/** An uploaded CSV or Excel workbook (told apart by the file's first bytes, not its name) as a table, its first records sampled; refused (400) over the import's limits. */
export async function readImportTable(file: Buffer, limits: ImportLimits): Promise<SampledImportTableResult> {
  const read = await (isXlsx(file) ? xlsxTable(file, limits) : csvTable(file, limits));
  if (!read.ok) return read;
  const { records } = read.table;
  const sample: TableRecord[] = [];
  while (sample.length < SAMPLE_RECORDS) {
    const next = await records.next();
    if (next.done) break;
    sample.push(next.value);
  }
  return { ok: true, table: { ...read.table, sample, records: sampledFirst(sample, records) } };
}

/** Every record: the sampled ones again, then the rest. */
async function* sampledFirst(sample: TableRecord[], rest: AsyncGenerator<TableRecord>): AsyncGenerator<TableRecord> {
  yield* sample;
  yield* rest;
}
