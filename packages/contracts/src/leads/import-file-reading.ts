import { z } from 'zod';

/** Text encodings an imported CSV may be in (WHATWG names): told by its byte-order mark, else UTF-8 when its bytes are valid UTF-8, else Windows-1252. */
export const IMPORT_TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type ImportTextEncoding = (typeof IMPORT_TEXT_ENCODINGS)[number];

/** Separators an imported CSV may use: the one its header line uses most. */
export const IMPORT_DELIMITERS = ['comma', 'semicolon', 'tab'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

/** How an imported file was read: a CSV's encoding (with or without a byte-order mark) and separator, or an Excel workbook. */
export const importFileReadingSchema = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('csv'),
    encoding: z.enum(IMPORT_TEXT_ENCODINGS),
    byteOrderMark: z.boolean(),
    delimiter: z.enum(IMPORT_DELIMITERS),
  }),
  z.object({ format: z.literal('xlsx') }),
]);
export type ImportFileReading = z.infer<typeof importFileReadingSchema>;

/** Exports of other tools recognised by their headers, whose columns are then read without a mapping. */
export const KNOWN_IMPORT_EXPORTS = ['meta-lead-ads'] as const;
export type KnownImportExport = (typeof KNOWN_IMPORT_EXPORTS)[number];
