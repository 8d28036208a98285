import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import type { ImportLimits } from './import-limits';
import type { TableRecord } from './import-table';
import { xlsxTable } from './xlsx-table';

const LIMITS: ImportLimits = { maxUnzippedBytes: 8 * 1024 * 1024, maxSharedStrings: 1000, maxCellCharacters: 1000 };
const ROWS = [
  ['Name', 'Phone', 'City'],
  ['Asha Rao', '9845000001', 'Bengaluru'],
  ['Ravi Kumar', '9845000002', 'Pune'],
];

/**
 * Reads of one workbook: exceljs's streaming reader lost the parts after a worksheet it had set
 * aside (exceljs#3064), in 2.5% of reads on an idle machine (60 of 2,400 measured): workbook.xml
 * ("reading 'sheets'") or, in a workbook that Excel writes, the shared strings. 300 reads find
 * such a loss almost surely (1 - 0.975^300 > 0.9995).
 */
const READS = 300;
/** 300 reads take 2-3 s on an idle machine; a busy CI ran them over ten times slower (timed out at 30 s). */
const READS_TIMEOUT_MS = 180_000;

async function exceljsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  for (const cells of ROWS) sheet.addRow(cells);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same parts in the order Excel stores them: workbook.xml first, the shared strings after the sheet. */
function excelOrdered(file: Buffer): Buffer {
  const parts = unzipSync(file);
  const first = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml'];
  const order = [...first, ...Object.keys(parts).filter((path) => !first.includes(path) && path !== 'xl/sharedStrings.xml'), 'xl/sharedStrings.xml'];
  return Buffer.from(zipSync(Object.fromEntries(order.filter((path) => parts[path]).map((path) => [path, parts[path]!]))));
}

async function tableOf(file: Buffer): Promise<string[][]> {
  const read = await xlsxTable(file, LIMITS);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  const records: TableRecord[] = [];
  for await (const record of read.table.records) records.push(record);
  return [read.table.headers, ...records.map((record) => record.cells)];
}

describe('xlsxTable', () => {
  it.each([
    ['exceljs stores it (the sheet before the shared strings and workbook.xml)', async () => exceljsWorkbook()],
    ['Excel stores it (workbook.xml first, the shared strings after the sheet)', async () => excelOrdered(await exceljsWorkbook())],
  ])('reads every row of a workbook stored as %s, whole on each of many reads', async (_order, make) => {
    const file = await make();
    const tables: string[][][] = [];
    for (let read = 0; read < READS; read += 1) tables.push(await tableOf(file));
    expect(new Set(tables.map((table) => JSON.stringify(table)))).toEqual(new Set([JSON.stringify(ROWS)]));
  }, READS_TIMEOUT_MS);

  it('refuses an archive whose central directory lists other entries than it holds, naming the file', async () => {
    const file = await exceljsWorkbook();
    // A directory entry pointed at the first local header: a reader by the directory would read another part than the one measured.
    const directory = file.lastIndexOf(Buffer.from('PK\u0001\u0002', 'latin1'));
    const tampered = Buffer.from(file);
    tampered.writeUInt32LE(0, directory + 42);
    const read = await xlsxTable(tampered, LIMITS);
    expect(read).toEqual({ ok: false, errors: [{ field: 'file', message: 'is not an Excel workbook (.xlsx) we can read: its central directory does not list the entries it holds, one after another' }] });
  });
});
