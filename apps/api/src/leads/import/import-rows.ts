import { IGNORE_COLUMN, leadChangesSchema, NOTE_MAX_LENGTH, rupeesFromIndianAmount, tagListSchema, tagSchema, type ImportField, type ImportPreviewCell } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { booleanLike } from '../boolean-words';
import { isLeadId } from '../lead-id';
import { unescapeFormula } from '../csv/formula-escape';
import { importedDate } from '../csv/import-dates';
import { tagsOfCell } from '../csv/tag-list-cell';
import type { ImportColumn } from './import-columns';
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
  /** The row's Consent, Do Not Call and WhatsApp opt-in cells, where the file has those columns and they are filled. */
  contact?: ImportContact;
  /** A note for the lead: a "<column>: <cell>" line for each filled cell of a column kept as a note. */
  note?: string;
  /** Tags the row adds to the lead's (a `noteAndTag` column's cells that fit the tag rules), beside what a Tags column says. */
  addedTags?: string[];
  errors: FieldError[];
  /** Each cell as read, in the header's order: only when asked for (the preview). */
  cells?: ImportPreviewCell[];
}

/** What a row says about contacting the person: a consent given (or withdrawn), Do Not Call, a WhatsApp opt-in given (or withdrawn). */
export interface ImportContact {
  consent?: boolean;
  doNotCall?: boolean;
  whatsappOptIn?: boolean;
}

export interface ImportReading {
  timeZone: string;
  names: ImportNames;
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
    case 'doNotCall':
    case 'whatsappOptIn': {
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
    case 'note':
    case 'noteAndTag':
      return { ok: true, value: text.trim() };
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
 * One record read through its columns' targets. Where two columns name one field, the
 * first filled cell wins; an empty cell says nothing (a new lead gets the default, a known
 * one keeps its value). Columns kept as a note make one note, a line each. Errors name the
 * column as the file's header names it.
 */
export function readImportRow(record: TableRecord, columns: ImportColumn[], reading: ImportReading, withCells = false): ImportFileRow {
  const input: Record<string, unknown> = {};
  const row: ImportFileRow = { line: record.line, input, errors: [] };
  const cells: ImportPreviewCell[] = [];
  const nameParts: { firstName?: string; lastName?: string } = {};
  const noteLines: string[] = [];
  for (const [index, column] of columns.entries()) {
    const raw = record.cells[index] ?? '';
    const { header, target } = column;
    if (target === undefined) {
      row.errors.push({ field: header, message: 'is not a known column' });
      cells.push({ text: raw, value: null, error: 'is not a known column' });
      continue;
    }
    const unescaped = unescapeFormula(raw);
    const text = unescaped === '' || !column.readText ? unescaped : column.readText(unescaped);
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
    if (target === 'note' || target === 'noteAndTag') keepInNote(row, noteLines, column, target, cellReading.value as string);
    else assign(row, nameParts, target, cellReading.value);
  }
  const fullName = [nameParts.firstName, nameParts.lastName].filter(Boolean).join(' ');
  if (fullName) input.name ??= fullName;
  if (noteLines.length > 0) row.note = noteLines.join('\n');
  checkNoteLength(row, columns);
  checkLostReason(row, columns);
  if (withCells) row.cells = cells;
  return row;
}

/** A cell kept as a line of the note; a `noteAndTag` cell also as a tag, when it fits the tag rules (else the note alone keeps it). */
function keepInNote(row: ImportFileRow, noteLines: string[], column: ImportColumn, target: 'note' | 'noteAndTag', text: string): void {
  noteLines.push(`${column.noteLabel}: ${text}`);
  if (target === 'noteAndTag' && tagSchema.safeParse(text).success) row.addedTags = [...(row.addedTags ?? []), text];
}

function checkNoteLength(row: ImportFileRow, columns: ImportColumn[]): void {
  if ((row.note?.length ?? 0) <= NOTE_MAX_LENGTH) return;
  const first = columns.find((column) => column.target === 'note' || column.target === 'noteAndTag')!;
  row.errors.push({ field: first.header, message: `would make a note longer than ${NOTE_MAX_LENGTH.toLocaleString('en-IN')} characters` });
}

function assign(row: ImportFileRow, nameParts: { firstName?: string; lastName?: string }, field: Exclude<ImportField, 'note' | 'noteAndTag'>, value: unknown): void {
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
    case 'whatsappOptIn':
      row.contact = { [field]: value as boolean, ...row.contact };
      return;
    default:
      row.input[field] ??= value;
  }
}

/** The edit rules' pairing: a lost stage needs its reason, and a reason belongs to a lost stage only. */
function checkLostReason(row: ImportFileRow, columns: ImportColumn[]): void {
  const headerOf = (field: ImportField) => columns.find((column) => column.target === field)?.header ?? field;
  if (row.stage?.kind === 'lost' && !row.lostReason) {
    row.errors.push({ field: headerOf('stage'), message: 'is a lost stage: the row needs a Lost Reason' });
  } else if (row.lostReason && row.stage?.kind !== 'lost') {
    row.errors.push({ field: headerOf('lostReason'), message: 'is only kept for a lead in a lost stage (Stage)' });
  }
}
