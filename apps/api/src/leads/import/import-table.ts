import type { ImportFileReading } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { csvTable } from './csv-table';
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

export type ImportTableResult = { ok: true; table: ImportTable } | { ok: false; errors: FieldError[] };

/** An uploaded CSV or Excel workbook (told apart by the file's first bytes, not its name) as a table. */
export function readImportTable(file: Buffer): Promise<ImportTableResult> {
  return isXlsx(file) ? xlsxTable(file) : csvTable(file);
}
