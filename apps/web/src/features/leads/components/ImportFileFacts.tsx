import type { ImportDelimiter, ImportFileReading, ImportTextEncoding } from '@lead-desk/contracts';

const ENCODINGS: Record<ImportTextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Excel on Windows)',
};

const DELIMITERS: Record<ImportDelimiter, string> = {
  comma: 'comma-separated',
  semicolon: 'semicolon-separated',
  tab: 'tab-separated',
};

const TEXT = {
  readAs: (reading: ImportFileReading) => (reading.format === 'xlsx' ? 'Read as an Excel workbook (its first sheet)' : `Read as ${ENCODINGS[reading.encoding]}, ${DELIMITERS[reading.delimiter]}`),
};

/** How the server read the file: its encoding and separator, or a workbook. */
export function ImportFileFacts({ file }: { file: ImportFileReading }) {
  return (
    <div className="import-preview__facts">
      <p>{TEXT.readAs(file)}</p>
    </div>
  );
}
