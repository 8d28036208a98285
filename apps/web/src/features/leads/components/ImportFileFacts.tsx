import type { ImportDelimiter, ImportFileReading, ImportTextEncoding, KnownImportExport } from '@lead-desk/contracts';

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

const EXPORTS: Record<KnownImportExport, string> = {
  'meta-lead-ads': 'a Meta Lead Ads export',
};

const TEXT = {
  readAs: (reading: ImportFileReading) => (reading.format === 'xlsx' ? 'Read as an Excel workbook (its first sheet)' : `Read as ${ENCODINGS[reading.encoding]}, ${DELIMITERS[reading.delimiter]}`),
  recognised: (knownExport: KnownImportExport) => `Recognised as ${EXPORTS[knownExport]}`,
};

/** How the server read the file (its encoding and separator, or a workbook), and whose export it recognised. */
export function ImportFileFacts({ file, knownExport }: { file: ImportFileReading; knownExport: KnownImportExport | null }) {
  return (
    <div className="import-preview__facts">
      <p>{TEXT.readAs(file)}</p>
      {knownExport && <p>{TEXT.recognised(knownExport)}</p>}
    </div>
  );
}
