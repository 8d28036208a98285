import { IGNORE_COLUMN, IMPORT_PREVIEW_SAMPLE_VALUES, type ImportMappingByHeader, type ImportSuggestionReason, type ImportTarget, type KnownImportExport } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { importFieldByValues, valueKind } from '../csv/column-values';
import { unescapeFormula } from '../csv/formula-escape';
import { importColumnOf } from '../csv/import-headers';
import { metaLeadAdsColumns } from './meta-lead-ads';
import type { SampledImportTable } from './import-table';

/** One column of an imported file, understood: what the file suggests for it and where its cells go. */
export interface ImportColumn {
  header: string;
  /** Undefined when nothing identifies the column. */
  suggested?: { target: ImportTarget; from: ImportSuggestionReason };
  /** The mapping's choice, else the suggestion; undefined for a column neither names: each row reports it ("is not a known column"). */
  target?: ImportTarget;
  /** The column's name in the lines of a note. */
  noteLabel: string;
  /** The cell as plain text, from the way a recognised export writes it. */
  readText?: (text: string) => string;
  /** The first filled cells, as the file writes them. */
  sample: string[];
}

export interface ImportColumns {
  knownExport: KnownImportExport | null;
  columns: ImportColumn[];
}

/** Targets any number of columns may share: every other one is a single field of the lead. */
const NOT_FIELDS = new Set<ImportTarget>([IGNORE_COLUMN, 'note', 'noteAndTag']);

/** The lead field a target fills: an amount in rupees is the budget. */
function fieldOf(target: ImportTarget): string {
  return target === 'budgetInRupees' ? 'budget' : target;
}

/** Our own export's column that the import does not take: the server keeps it. */
const SERVER_KEPT_COLUMNS = new Set(['updatedAt', 'lastActivityAt']);

/**
 * How each column of a file is read: a recognised export's layout (Meta Lead Ads), else
 * what its header names (another CRM's synonyms included), else what its sampled values
 * mostly are (phone numbers, emails, amounts), else nothing; the mapping's choice over
 * any of these. A column suggested as a field an earlier column fills already is kept as
 * a note. Without a mapping the import reads each column as suggested, as the preview
 * shows it. Refused: a file whose header row holds data (an email, a phone number), and
 * a mapping naming headers the file lacks.
 */
export function importColumns(table: Pick<SampledImportTable, 'headers' | 'sample'>, phoneRegion: string, mapping: ImportMappingByHeader = new Map()): { ok: true; value: ImportColumns } | { ok: false; errors: FieldError[] } {
  const { headers, sample } = table;
  const dataInHeader = dataInHeaderRow(headers, phoneRegion);
  if (dataInHeader) return { ok: false, errors: [{ field: 'file', message: `has no header row: its first row is data (${dataInHeader}), not the names of the columns` }] };
  const strangers = [...mapping.keys()].filter((header) => !headers.includes(header));
  if (strangers.length > 0) {
    return { ok: false, errors: strangers.map((header) => ({ field: 'mapping', message: `"${header}" is not a column of the file (${headers.join(', ')})` })) };
  }
  const exported = metaLeadAdsColumns(headers);
  const taken = new Set<string>();
  const columns = headers.map((header, index): ImportColumn => {
    const cells = sample.map((record) => record.cells[index] ?? '').filter((cell) => cell.trim() !== '');
    const layout = exported?.[index];
    let suggested = layout ? { target: layout.target, from: 'export' as const } : suggestionFor(header, cells.map(unescapeFormula), phoneRegion);
    // A second column of one field (Phone, then WhatsApp) would lose its cell whenever the first is filled: it is kept as a note instead.
    if (suggested && !mapping.has(header) && taken.has(fieldOf(suggested.target))) suggested = { target: 'note', from: suggested.from };
    const target = mapping.get(header) ?? suggested?.target;
    if (target && !NOT_FIELDS.has(target)) taken.add(fieldOf(target));
    return {
      header,
      suggested,
      target,
      noteLabel: layout?.noteLabel ?? header,
      readText: layout?.readText,
      sample: cells.slice(0, IMPORT_PREVIEW_SAMPLE_VALUES),
    };
  });
  return { ok: true, value: { knownExport: exported ? 'meta-lead-ads' : null, columns } };
}

/** A header that is a value no column is named by (an email address, a phone number): the first row is data. */
function dataInHeaderRow(headers: string[], phoneRegion: string): string | undefined {
  for (const header of headers) {
    const kind = valueKind(header, phoneRegion);
    if (kind === 'email') return `"${header}" is an email address`;
    if (kind === 'phone') return `"${header}" is a phone number`;
  }
  return undefined;
}

function suggestionFor(header: string, values: string[], phoneRegion: string): ImportColumn['suggested'] {
  if (SERVER_KEPT_COLUMNS.has(header)) return { target: IGNORE_COLUMN, from: 'header' };
  const named = importColumnOf(header);
  if (named) return { target: named, from: 'header' };
  const byValues = importFieldByValues(values, phoneRegion);
  return byValues ? { target: byValues, from: 'values' } : undefined;
}
