import { IGNORE_COLUMN, leadChangesSchema, tagListSchema, type ImportField, type ImportMapping, type ImportPreviewCell, type ImportTarget } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { booleanLike } from '../boolean-words';
import { isLeadId } from '../lead-id';
import { unescapeFormula } from '../csv/formula-escape';
import { importedDate } from '../csv/import-dates';
import { importColumnOf } from '../csv/import-headers';
import { rupeesFromIndianAmount } from '../csv/indian-amount';
import { tagsOfCell } from '../csv/tag-list-cell';
import type { ImportNames, ImportOwner, ImportStage } from './import-names';
import type { TableRecord } from './import-table';

/** One record of the file, read: lead input where the file has such columns, and what it says of the lead's place in the pipeline. */
export interface ImportFileRow {
  /** 1-based line (CSV) or row (Excel) where the record starts; the header is 1. */
  line: number;
  /** Lead input, typed where the column has a type (a budget is kept for lead input to read); absent where the file says nothing. */
  input: Record<string, unknown>;
  /** Identity and creation time carried by an exported file, so a round trip keeps them. */
  id?: string;
  createdAt?: Date;
  stage?: ImportStage;
  lostReason?: string;
  owner?: ImportOwner;
  tags?: string[];
  /** The row's Consent and Do Not Call cells, where the file has those columns and they are filled. */
  contact?: ImportContact;
  errors: FieldError[];
  /** Each cell as read, in the header's order: only when asked for (the preview). */
  cells?: ImportPreviewCell[];
}

/** What a row says about contacting the person: a consent given (or withdrawn), Do Not Call. */
export interface ImportContact {
  consent?: boolean;
  doNotCall?: boolean;
}

export interface ImportReading {
  timeZone: string;
  names: ImportNames;
}

/** Our own export's columns that the import does not take: the server keeps them. */
const SERVER_KEPT_COLUMNS = new Set(['updatedAt', 'lastActivityAt']);

/** What a header names by itself: a field (our own export's, or another CRM's synonym), or ignore for one we do not know. */
export function suggestedTarget(header: string): ImportTarget {
  return SERVER_KEPT_COLUMNS.has(header) ? IGNORE_COLUMN : (importColumnOf(header) ?? IGNORE_COLUMN);
}

/**
 * Where each column's cells go: the mapping's choice for its header, else what the header
 * names. Undefined for a column neither knows: each row reports it ("is not a known
 * column"), so a file is never read half-understood without saying so.
 */
export function columnTargets(headers: string[], mapping: ImportMapping = {}): (ImportTarget | undefined)[] {
  return headers.map((header) => mapping[header] ?? (SERVER_KEPT_COLUMNS.has(header) ? IGNORE_COLUMN : importColumnOf(header)));
}

/** The mapping's headers that the file does not have: a mapping written for another file. */
export function unknownMappedHeaders(headers: string[], mapping: ImportMapping = {}): string[] {
  return Object.keys(mapping).filter((header) => !headers.includes(header));
}

type CellReading = { ok: true; value: string | number | boolean | string[] | Date | ImportStage | ImportOwner } | { ok: false; message: string };

/** One non-empty cell as its field reads it. */
function readCell(field: ImportField, text: string, { timeZone, names }: ImportReading): CellReading {
  switch (field) {
    case '_id':
      return isLeadId(text) ? { ok: true, value: text } : { ok: false, message: 'must be 1-64 letters, digits, _ or -' };
    case 'createdAt': {
      const date = importedDate(text, timeZone);
      return date ? { ok: true, value: date } : { ok: false, message: 'must be a date such as 31/12/2025 (day first) or an ISO 8601 date and time' };
    }
    case 'qualified':
    case 'loan_needed':
    case 'consent':
    case 'doNotCall': {
      const flag = booleanLike(text);
      return flag === undefined ? { ok: false, message: 'must be true or false' } : { ok: true, value: flag };
    }
    case 'budgetInRupees':
      // A column of amounts: "45 Lakh" is 45,00,000 rupees; anything else is kept as written.
      return { ok: true, value: rupeesFromIndianAmount(text) ?? text };
    case 'tags': {
      const tags = tagListSchema.safeParse(tagsOfCell(text));
      return tags.success ? { ok: true, value: tags.data } : { ok: false, message: tags.error.issues[0].message };
    }
    case 'stage': {
      const stage = names.stage(text);
      return stage.ok ? { ok: true, value: stage.value } : stage;
    }
    case 'owner': {
      const owner = names.owner(text);
      return owner.ok ? { ok: true, value: owner.value } : owner;
    }
    case 'lostReason': {
      const reason = leadChangesSchema.shape.lostReason.safeParse(text);
      return reason.success ? { ok: true, value: reason.data ?? text } : { ok: false, message: reason.error.issues[0].message };
    }
    default:
      return { ok: true, value: text };
  }
}

/** A cell's value as the preview shows it: a stage or owner by name, a date in ISO 8601. */
function shownValue(value: Extract<CellReading, { ok: true }>['value']): ImportPreviewCell['value'] {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && !Array.isArray(value)) return value.name;
  return value;
}

/**
 * One record read through the columns' targets. Where two columns name one field, the
 * first filled cell wins; an empty cell says nothing (a new lead gets the default, a known
 * one keeps its value). Errors name the column as the file's header names it.
 */
export function readImportRow(
  record: TableRecord,
  headers: string[],
  targets: (ImportTarget | undefined)[],
  reading: ImportReading,
  withCells = false,
): ImportFileRow {
  const input: Record<string, unknown> = {};
  const row: ImportFileRow = { line: record.line, input, errors: [] };
  const cells: ImportPreviewCell[] = [];
  const nameParts: { firstName?: string; lastName?: string } = {};
  for (const [index, header] of headers.entries()) {
    const raw = record.cells[index] ?? '';
    const target = targets[index];
    if (target === undefined) {
      row.errors.push({ field: header, message: 'is not a known column' });
      cells.push({ text: raw, value: null, error: 'is not a known column' });
      continue;
    }
    const text = unescapeFormula(raw);
    if (target === IGNORE_COLUMN || text === '') {
      cells.push({ text: raw, value: null });
      continue;
    }
    const cellReading = readCell(target, text, reading);
    if (!cellReading.ok) {
      row.errors.push({ field: header, message: cellReading.message });
      cells.push({ text: raw, value: null, error: cellReading.message });
      continue;
    }
    cells.push({ text: raw, value: shownValue(cellReading.value) });
    assign(row, nameParts, target, cellReading.value);
  }
  const fullName = [nameParts.firstName, nameParts.lastName].filter(Boolean).join(' ');
  if (fullName) input.name ??= fullName;
  checkLostReason(row, headers, targets);
  if (withCells) row.cells = cells;
  return row;
}

function assign(row: ImportFileRow, nameParts: { firstName?: string; lastName?: string }, field: ImportField, value: unknown): void {
  switch (field) {
    case 'firstName':
    case 'lastName':
      nameParts[field] ??= value as string;
      return;
    case '_id':
      row.id ??= value as string;
      return;
    case 'createdAt':
      row.createdAt ??= value as Date;
      return;
    case 'stage':
      row.stage ??= value as ImportStage;
      return;
    case 'owner':
      row.owner ??= value as ImportOwner;
      return;
    case 'tags':
      row.tags ??= value as string[];
      return;
    case 'lostReason':
      row.lostReason ??= value as string;
      return;
    case 'budgetInRupees':
      row.input.budget ??= value;
      return;
    case 'consent':
    case 'doNotCall':
      row.contact = { [field]: value as boolean, ...row.contact };
      return;
    default:
      row.input[field] ??= value;
  }
}

/** The edit rules' pairing: a lost stage needs its reason, and a reason belongs to a lost stage only. */
function checkLostReason(row: ImportFileRow, headers: string[], targets: (ImportTarget | undefined)[]): void {
  const headerOf = (field: ImportField) => headers[targets.indexOf(field)] ?? field;
  if (row.stage?.kind === 'lost' && !row.lostReason) {
    row.errors.push({ field: headerOf('stage'), message: 'is a lost stage: the row needs a Lost Reason' });
  } else if (row.lostReason && row.stage?.kind !== 'lost') {
    row.errors.push({ field: headerOf('lostReason'), message: 'is only kept for a lead in a lost stage (Stage)' });
  }
}
