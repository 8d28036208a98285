/** Separators spreadsheets write: commas, semicolons (Excel where the decimal mark is a comma), tabs. */
const DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof DELIMITERS)[number];

/**
 * The separator of a CSV file: the one its header line uses most (outside quotes), a comma
 * when it uses none. The header decides, as it names every column once.
 */
export function csvDelimiterOf(file: Buffer): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let inQuotes = false;
  // The header is the first line; 64 KiB holds any header a person writes.
  for (const char of file.subarray(0, 64 * 1024).toString('utf8')) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) break;
    else if (!inQuotes && counts.has(char as CsvDelimiter)) counts.set(char as CsvDelimiter, counts.get(char as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}
