import type { ImportDelimiter } from '@lead-desk/contracts';

/** Separators spreadsheets write: commas, semicolons (Excel where the decimal mark is a comma), tabs (Meta's lead export, "Unicode text"). */
const DELIMITERS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const satisfies Record<string, ImportDelimiter>;
export type CsvDelimiter = keyof typeof DELIMITERS;

/**
 * The separator of a CSV file's text: the one its header line uses most (outside quotes), a
 * comma when it uses none. The header decides, as it names every column once.
 */
export function csvDelimiterOf(text: string): CsvDelimiter {
  const counts = new Map<string, number>(Object.keys(DELIMITERS).map((delimiter) => [delimiter, 0]));
  let inQuotes = false;
  // The header is the first line; 64 Ki characters hold any header a person writes.
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) break;
    else if (!inQuotes && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter as CsvDelimiter;
  return best;
}

/** A separator as the preview names it. */
export function delimiterName(delimiter: CsvDelimiter): ImportDelimiter {
  return DELIMITERS[delimiter];
}
