import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { constants, crc32, deflateRawSync } from 'node:zlib';

export const MiB = 1024 * 1024;

/** A part's text: pieces as written, or a unit written `times` over (a bomb's gigabytes of one letter). */
type Piece = string | { unit: string; times: number };

/** `text` written `times` over, in units of about 1 MiB: each unit is deflated once and its output repeated. */
export function repeated(text: string, times: number): Piece[] {
  const perUnit = Math.max(1, Math.min(times, Math.floor(MiB / Buffer.byteLength(text))));
  const rest = times % perUnit;
  return [{ unit: text.repeat(perUnit), times: Math.floor(times / perUnit) }, ...(rest > 0 ? [text.repeat(rest)] : [])];
}

const SPREADSHEET = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An .xlsx as Excel lays one out (content types, the package's relationships, the
 * workbook, its relationships, any further parts, shared strings, one sheet), with these
 * shared strings and sheet rows (`<row>` elements); zipped with fflate.
 */
export function workbookOf({ sharedStrings, rows, extraParts = {} }: { sharedStrings: Piece[]; rows: Piece[]; extraParts?: Record<string, Piece[]> }): Uint8Array {
  return zipOf({
    '[Content_Types].xml': [
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`,
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>`,
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ],
    '_rels/.rels': [`<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    'xl/workbook.xml': [`<workbook xmlns="${SPREADSHEET}" xmlns:r="${OFFICE_RELATIONSHIPS}"><workbookPr/><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    'xl/_rels/workbook.xml.rels': [
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>`,
      `<Relationship Id="rId2" Type="${OFFICE_RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    // Before the sheet: exceljs unzips every part it meets on its way to the first sheet.
    ...extraParts,
    'xl/sharedStrings.xml': [`<sst xmlns="${SPREADSHEET}">`, ...sharedStrings, '</sst>'],
    'xl/worksheets/sheet1.xml': [`<worksheet xmlns="${SPREADSHEET}"><sheetData>`, ...rows, '</sheetData></worksheet>'],
  });
}

/** A sheet row of cells, each an inline string (`text`) or a shared string (`{ shared: index }`). */
export function sheetRow(line: number, cells: (string | { shared: number })[]): string {
  const cellXml = cells.map((cell, index) => {
    const ref = `${String.fromCharCode(65 + index)}${line}`;
    return typeof cell === 'string' ? `<c r="${ref}" t="inlineStr"><is><t>${cell}</t></is></c>` : `<c r="${ref}" t="s"><v>${cell.shared}</v></c>`;
  });
  return `<row r="${line}">${cellXml.join('')}</row>`;
}

/** The bombs: `count` shared strings of `length` bytes of one letter, each a lead's name under a Name header. */
export function hugeSharedStringsWorkbook(count: number, length: number): Uint8Array {
  const sharedString = ['<si><t>', ...repeated('a', length), '</t></si>'];
  return workbookOf({
    sharedStrings: Array.from({ length: count }, () => sharedString).flat(),
    rows: [sheetRow(1, ['Name']), ...Array.from({ length: count }, (_, index) => sheetRow(index + 2, [{ shared: index }]))],
  });
}

/** `count` one-letter shared strings (about 17 bytes each unzipped), the sheet naming the first. */
export function manySharedStringsWorkbook(count: number): Uint8Array {
  return workbookOf({ sharedStrings: repeated('<si><t>a</t></si>', count), rows: [sheetRow(1, ['Name']), sheetRow(2, [{ shared: 0 }])] });
}

/** A plain workbook of one lead with one more part (an image, say) that unzips to `bytes` zero bytes. */
export function largePartWorkbook(bytes: number): Uint8Array {
  return workbookOf({ sharedStrings: [], rows: [sheetRow(1, ['Name']), sheetRow(2, ['Asha Rao'])], extraParts: { 'xl/media/image1.png': repeated('\u0000', bytes) } });
}

/** A workbook whose second row's cell is an inline string of `length` letters: no shared string at all. */
export function longInlineCellWorkbook(length: number): Uint8Array {
  return workbookOf({ sharedStrings: [], rows: [sheetRow(1, ['Name']), '<row r="2"><c r="A2" t="inlineStr"><is><t>', ...repeated('b', length), '</t></is></c></row>'] });
}

function zipOf(parts: Record<string, Piece[]>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [path, pieces] of Object.entries(parts)) {
    const part = new DeflatedPart(path, pieces);
    zip.add(part);
    part.send();
  }
  zip.end();
  return Buffer.concat(chunks);
}

/**
 * A part deflated ahead of fflate's Zip, which writes it as it comes (its own ZipDeflate
 * would compress gigabytes byte by byte): each distinct piece deflated once by zlib on a
 * compressor of its own and ended on a byte boundary (a sync flush; fflate's own sync flush
 * writes a stored block zlib refuses for some lengths), so a unit's output written `times`
 * over inflates to the unit `times` over; then one empty final block.
 */
class DeflatedPart implements ZipInputFile {
  readonly compression = 8;
  readonly size: number;
  readonly crc: number;
  ondata?: AsyncFlateStreamHandler;

  constructor(
    readonly filename: string,
    private readonly pieces: Piece[],
  ) {
    let size = 0;
    let crc = 0;
    for (const piece of pieces) {
      const { bytes, times } = bytesOf(piece);
      for (let time = 0; time < times; time += 1) crc = crc32(bytes, crc);
      size += bytes.length * times;
    }
    if (size >= 2 ** 32) throw new Error(`${filename} would need ZIP64: keep a part under 4 GiB`);
    this.size = size;
    this.crc = crc;
  }

  send(): void {
    const segments = new Map<string, Buffer<ArrayBuffer>>();
    for (const piece of this.pieces) {
      const { bytes, times } = bytesOf(piece);
      const text = typeof piece === 'string' ? piece : piece.unit;
      if (!segments.has(text)) segments.set(text, deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
      for (let time = 0; time < times; time += 1) this.ondata!(null, segments.get(text)!, false);
    }
    this.ondata!(null, deflateRawSync(new Uint8Array(0)), true);
  }
}

function bytesOf(piece: Piece): { bytes: Uint8Array; times: number } {
  return typeof piece === 'string' ? { bytes: Buffer.from(piece), times: 1 } : { bytes: Buffer.from(piece.unit), times: piece.times };
}
