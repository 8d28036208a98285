import { stream, type CellValue } from 'exceljs';
import { Readable } from 'node:stream';
import { DateTime } from 'luxon';
import type { ImportLimits } from './import-limits';
import type { ImportTableResult, TableRecord } from './import-table';
import { checkWorkbookLimits } from './workbook-limits';

/** An .xlsx workbook is a ZIP archive whose first entry Excel names [Content_Types].xml. */
export function isXlsx(file: Buffer): boolean {
  return file.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'));
}

/**
 * The first worksheet of an .xlsx workbook as a table, streamed row by row (exceljs'
 * WorkbookReader: shared strings and styles are kept, rows are not). Row 1 is the header.
 * The sheet is read through once before any row is given out, as a CSV's structure is
 * checked first: a workbook that breaks half-way is refused whole, nothing imported. Before
 * exceljs reads it, the workbook is measured against the import's limits as it unzips
 * (checkWorkbookLimits): exceljs keeps every shared string and would unzip any size.
 */
export async function xlsxTable(file: Buffer, limits: ImportLimits): Promise<ImportTableResult> {
  const refusal = await checkWorkbookLimits(file, limits);
  if (refusal !== undefined) return { ok: false, errors: [{ field: 'file', message: refusal }] };
  let header: TableRecord | undefined;
  try {
    for await (const record of xlsxRows(file)) header ??= record;
  } catch (error) {
    return { ok: false, errors: [{ field: 'file', message: `is not an Excel workbook (.xlsx) we can read: ${(error as Error).message}` }] };
  }
  if (!header || header.line !== 1 || header.cells.every((cell) => cell.trim() === '')) {
    return { ok: false, errors: [{ field: 'file', message: 'has no header row: the first row of its first sheet must name the columns' }] };
  }
  const rows = xlsxRows(file);
  // The header again: the rows after it are the records.
  await rows.next();
  return { ok: true, table: { reading: { format: 'xlsx' }, headers: header.cells.map((name) => name.trim()), records: rows } };
}

async function* xlsxRows(file: Buffer): AsyncGenerator<TableRecord> {
  const workbook = new stream.xlsx.WorkbookReader(Readable.from([file]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      const values = row.values as CellValue[];
      // row.values is 1-based: index 0 is always empty.
      const cells = values.slice(1).map(cellText);
      for (let index = 0; index < cells.length; index += 1) cells[index] ??= '';
      if (cells.some((cell) => cell !== '')) yield { line: row.number, cells };
    }
    // The first sheet only: a workbook's other sheets are notes, lookups, pivots.
    return;
  }
}

/**
 * A cell as the text a CSV export of it would hold: numbers in full, dates as the wall-clock
 * day and time Excel shows (Excel keeps no time zone; the import reads them in APP_TIME_ZONE),
 * a formula as its last result, rich text and links as their text.
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const wallClock = DateTime.fromJSDate(value, { zone: 'utc' });
    return wallClock.toFormat(wallClock.hour === 0 && wallClock.minute === 0 && wallClock.second === 0 ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm:ss');
  }
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('result' in value) return cellText((value.result ?? null) as CellValue);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as CellValue);
  if ('error' in value) return String(value.error);
  return '';
}
