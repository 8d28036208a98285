import ExcelJS from 'exceljs';
import { unzipSync, Zip, ZipDeflate, zipSync } from 'fflate';
import type { ImportLimits } from './import-limits';
import { checkWorkbookLimits } from './workbook-limits';
import { MAX_KEPT_ELEMENTS } from './xml-part-meter';

const LIMITS: ImportLimits = { maxUnzippedBytes: 2 * 1024 * 1024, maxSharedStrings: 10, maxCellCharacters: 100 };
const CELL = 'has a cell longer than 100 characters (IMPORT_MAX_CELL_CHARACTERS)';
const STRINGS = 'holds more than 10 shared strings (IMPORT_MAX_SHARED_STRINGS)';
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** A workbook's parts, as exceljs reads them; `parts` replace or add to these. */
function workbook(parts: Record<string, string>): Buffer {
  const texts: Record<string, string> = {
    'xl/workbook.xml': `<workbook ${NS}><sheets><sheet name="Leads" sheetId="1"/></sheets></workbook>`,
    'xl/sharedStrings.xml': `<sst ${NS}><si><t>Name</t></si></sst>`,
    'xl/worksheets/sheet1.xml': `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
    ...parts,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, Buffer.from(text)]))));
}

const sharedStrings = (inner: string) => workbook({ 'xl/sharedStrings.xml': `<sst ${NS}>${inner}</sst>` });
const sheet = (inner: string) => workbook({ 'xl/worksheets/sheet1.xml': `<worksheet ${NS}>${inner}<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>` });
const styles = (inner: string) => workbook({ 'xl/styles.xml': `<styleSheet ${NS}>${inner}</styleSheet>` });

/** The same parts zipped as a streaming writer zips them: sizes in a data descriptor after each entry's data. */
function withDataDescriptors(file: Buffer): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [path, bytes] of Object.entries(unzipSync(file))) {
    const entry = new ZipDeflate(path);
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

async function leadsWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const leads = book.addWorksheet('Leads');
  leads.addRow(['Name', 'Phone', 'Notes']);
  for (let i = 0; i < 20; i += 1) leads.addRow([`Lead ${i}`, 9845012300 + i, `${'note '.repeat(19)}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('checkWorkbookLimits', () => {
  it('passes a workbook within the limits, written by exceljs or zipped with data descriptors', async () => {
    const file = await leadsWorkbook();
    expect(await checkWorkbookLimits(file, { ...LIMITS, maxSharedStrings: 100 })).toBeUndefined();
    expect(await checkWorkbookLimits(withDataDescriptors(file), { ...LIMITS, maxSharedStrings: 100 })).toBeUndefined();
  });

  it.each([
    ['a shared string over the cell limit', sharedStrings(`<si><t>${'a'.repeat(101)}</t></si>`), CELL],
    ['a shared string of more formatted runs than the limit', sharedStrings(`<si>${'<r><t>aaaaaaaaaa</t></r>'.repeat(11)}</si>`), STRINGS],
    ['a shared string over it in runs under the run limit', sharedStrings(`<si>${`<r><t>${'a'.repeat(30)}</t></r>`.repeat(4)}</si>`), CELL],
    ['text between shared strings, which exceljs gathers', sharedStrings(`<si><t>a</t></si>${`${'x'.repeat(40)}<b/>`.repeat(3)}`), CELL],
    ['more shared strings than the limit', sharedStrings('<si><t>a</t></si>'.repeat(11)), STRINGS],
    // Longer than the parser's step (64 Ki characters): what it holds is measured between steps.
    ['a comment the parser holds whole', sharedStrings(`<!--${'c'.repeat(150_000)}--><si><t>a</t></si>`), CELL],
    ['an inline cell over the cell limit', sheet(`<sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>${'b'.repeat(101)}</t></is></c></row></sheetData>`), CELL],
    ['text after a cell, which exceljs adds to its value', sheet(`<sheetData><row r="2"><c r="A2"><v>1</v></c>${`${'y'.repeat(60)}<x/>`.repeat(2)}</row></sheetData>`), CELL],
    ['a CDATA section the parser holds whole', sheet(`<sheetData><row r="2"><c r="A2"><v><![CDATA[${'d'.repeat(150_000)}]]></v></c></row></sheetData>`), CELL],
    ['more column widths than exceljs should keep', sheet(`<cols>${'<col/>'.repeat(MAX_KEPT_ELEMENTS + 1)}</cols>`), `is not an Excel workbook (.xlsx) we can read: its part xl/worksheets/sheet1.xml holds more than 1,00,000 elements`],
    ['more styles than exceljs should keep', styles(`<cellXfs>${'<xf/>'.repeat(MAX_KEPT_ELEMENTS)}</cellXfs>`), `is not an Excel workbook (.xlsx) we can read: its part xl/styles.xml holds more than 1,00,000 elements`],
    ['an attribute the parser holds whole', styles(`<numFmts><numFmt numFmtId="164" formatCode="${'0'.repeat(150_000)}"/></numFmts>`), 'is not an Excel workbook (.xlsx) we can read: its part xl/styles.xml holds more than 100 characters between two tags (IMPORT_MAX_CELL_CHARACTERS)'],
    ['parts that unzip to more than the limit', workbook({ 'xl/media/image1.png': '\u0000'.repeat(2 * 1024 * 1024) }), 'unzips to more than 2 MiB (IMPORT_MAX_UNZIPPED_BYTES)'],
  ])('refuses %s', async (_, file, message) => {
    expect(await checkWorkbookLimits(file, LIMITS)).toBe(message);
  });

  it('refuses shared strings that are not XML, as exceljs would', async () => {
    expect(await checkWorkbookLimits(sharedStrings('<si><t>a</si>'), LIMITS)).toMatch(/^is not an Excel workbook \(\.xlsx\) we can read: ./);
  });

  it('refuses an entry that does not inflate, as exceljs would', async () => {
    const file = workbook({});
    // The first entry's compressed data (after its 30-byte header and name) overwritten with bytes no deflate stream starts with.
    const dataStart = 30 + file.readUInt16LE(26) + file.readUInt16LE(28);
    file.fill(0xff, dataStart, dataStart + 8);
    expect(await checkWorkbookLimits(file, LIMITS)).toMatch(/^is not an Excel workbook \(\.xlsx\) we can read: /);
  });
});
