import { CsvError, parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { limitMessages, type ImportLimits } from '../import/import-limits';
import { csvDelimiterOf } from './csv-delimiter';

/** How an uploaded CSV's text is split into records, by the structure check and by the reader alike: its own separator. */
export function csvRecordsOf(text: string) {
  return { skip_empty_lines: true, delimiter: csvDelimiterOf(text) } as const;
}

/** Characters parsed per turn of the event loop: parsing 20 MB at once would hold every other request for seconds. */
const SLICE_CHARACTERS = 64 * 1024;

/** Enough problems to fix a file by; a file wrong on every line is not listed whole. */
const MAX_LISTED = 10;

export type CsvStructure = { ok: true } | { ok: false; problems: string[] };

/**
 * Whether an uploaded file's text (decodeText) is CSV, or what makes it something else:
 * no NUL characters, not a JSON document, a header row, every record as many cells long
 * as the header, and no cell longer than the import's limit (as an .xlsx's). Checked whole
 * before anything is imported, so a broken file is never half-imported.
 */
export async function checkCsvStructure(text: string, limits: Pick<ImportLimits, 'maxCellCharacters'>): Promise<CsvStructure> {
  const nul = text.indexOf('\u0000');
  if (nul !== -1) return { ok: false, problems: [`is not CSV: line ${lineAt(text, nul)} holds a NUL byte, as binary files do`] };
  if (isJsonDocument(text)) return { ok: false, problems: ['is JSON, not CSV'] };

  let headerLength: number | undefined;
  let wrongLengths = 0;
  let longCell = false;
  const problems: string[] = [];
  const records = parse({
    ...csvRecordsOf(text),
    relax_column_count: true,
    on_record: (cells: string[], { lines }) => {
      if (!longCell && cells.some((cell) => cell.length > limits.maxCellCharacters)) {
        longCell = true;
        problems.push(`line ${recordStartLine(cells, lines)} ${limitMessages.cellTooLong(limits)}`);
      }
      if (headerLength === undefined) {
        headerLength = cells.length;
        if (cells.every((name) => name.trim() === '')) problems.push(NO_HEADER);
      } else if (cells.length !== headerLength) {
        wrongLengths += 1;
        if (wrongLengths <= MAX_LISTED) problems.push(`line ${recordStartLine(cells, lines)} has ${cellCount(cells.length)}; the header has ${headerLength}`);
      }
      // Counted, not kept: the reader parses the file again once it is known to be sound.
      return null;
    },
  });
  try {
    await Readable.from(inSlices(text)).pipe(records).toArray();
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    problems.push(unreadable(error as CsvError & { lines: number }, text));
  }
  if (headerLength === undefined && problems.length === 0) problems.push(NO_HEADER);
  if (wrongLengths > MAX_LISTED) problems.push(`and ${wrongLengths - MAX_LISTED} more lines whose cell count differs from the header's`);
  return problems.length > 0 ? { ok: false, problems } : { ok: true };
}

/** The text in slices, the event loop free between them; a slice never ends inside a surrogate pair (the parser would read half an emoji as U+FFFD). */
export async function* inSlices(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length; ) {
    if (start > 0) await nextTurn();
    let end = Math.min(start + SLICE_CHARACTERS, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

const NO_HEADER = 'has no header row: its first line must name the columns';

/** 1-based line where a record starts: the parser counts the line where it ends, and quoted line breaks inside it moved that on. */
export function recordStartLine(cells: Iterable<string>, endLine: number): number {
  let innerNewlines = 0;
  for (const cell of cells) innerNewlines += cell.match(/\n/g)?.length ?? 0;
  return endLine - innerNewlines;
}

function cellCount(count: number): string {
  return count === 1 ? '1 cell' : `${count} cells`;
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function isJsonDocument(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    // Only looks like JSON: the CSV parser judges it.
    return false;
  }
}

function unreadable(error: CsvError & { lines: number }, text: string): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `line ${lineAt(text, lastOpeningQuote(text))} has a quote that is never closed`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `line ${error.lines} has a quote inside a quoted cell that is not doubled ("")`;
    case 'INVALID_OPENING_QUOTE':
      return `line ${error.lines} has a quote inside a cell that does not start with one (quote the cell and double the quote)`;
    default:
      return `line ${error.lines} is not valid CSV: ${error.message}`;
  }
}

/** Where the file's last quoted stretch opens (a doubled quote closes and reopens it): in a file that ends inside quotes, the quote never closed. */
function lastOpeningQuote(text: string): number {
  let opening = -1;
  let inQuotes = false;
  for (let quote = text.indexOf('"'); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    inQuotes = !inQuotes;
    if (inQuotes) opening = quote;
  }
  return opening;
}
