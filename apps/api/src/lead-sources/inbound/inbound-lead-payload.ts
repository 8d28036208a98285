import { IGNORE_COLUMN, INBOUND_EXTERNAL_ID_MAX, NUL_REFUSED, type ImportTarget } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { importColumns, type ImportColumn } from '../../leads/import/import-columns';
import { ImportNames } from '../../leads/import/import-names';
import { readImportRow } from '../../leads/import/import-rows';
import { parseLeadInput, type ParseResult } from '../../leads/inputs/lead-input';

/** One lead as a source's API key delivers it, read with the import's names and synonyms. */
export interface InboundPayload {
  /** The lead's fields in our names (name, phone, email, location, interestedIn, budget, timeline, loan_needed), as the intake takes them. */
  fields: Record<string, unknown>;
  /** The source's own id of the lead: a repeat of it is the same delivery. */
  externalId: string | null;
  /** The source's own creation time of the lead. */
  arrivedAt?: Date;
  test: boolean;
  /** What has no field of ours (notes, remarks, unknown keys, the source's own `source`), kept on the lead's timeline. */
  details: Record<string, string>;
}

export interface PayloadReading {
  phoneRegion: string;
  /** Dates without an offset are read in this zone. */
  timeZone: string;
  now: Date;
}

/** Keys of the body that are not a lead's field. */
const EXTERNAL_ID = 'externalId';
const TEST = 'test';
/** A lead's own keys, plenty for any portal's form; more is not a lead. */
export const MAX_PAYLOAD_KEYS = 100;
const MAX_DETAIL_CHARACTERS = 2_000;
/** A sender's clock may run a little ahead; a creation time further ahead is a mistake. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What the import takes that a source does not decide: staff set stages, owners (the source's default owner does), tags, consent and Do Not Call. */
const NOT_TAKEN = new Set<ImportTarget>(['_id', 'qualified', 'stage', 'lostReason', 'tags', 'owner', 'consent', 'doNotCall']);
/** Columns kept on the timeline rather than as a field: a lead's source is its lead source's name. */
const KEPT_AS_DETAILS = new Set<ImportTarget | undefined>([undefined, 'note', 'noteAndTag', 'source']);

/**
 * Reads an inbound API body: `externalId`, `test`, and the lead's fields under the names an
 * import's header may have (`mobile`, `full_name`, `city`, `created_on`…), each key read as
 * that header and each value as its cell, by the import's own column rules. Errors name
 * the body's key.
 */
export function readInboundPayload(body: unknown, reading: PayloadReading): ParseResult<InboundPayload> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ field: 'body', message: 'must be a JSON object holding one lead (Content-Type: application/json)' }] };
  }
  const errors: FieldError[] = [];
  const { [EXTERNAL_ID]: externalIdValue, [TEST]: testValue, ...leadEntries } = body as Record<string, unknown>;
  const externalId = readExternalId(externalIdValue, errors);
  if (testValue !== undefined && typeof testValue !== 'boolean') errors.push({ field: TEST, message: 'must be true or false' });
  const entries = Object.entries(leadEntries);
  if (entries.length > MAX_PAYLOAD_KEYS) return { ok: false, errors: [{ field: 'body', message: `must have at most ${MAX_PAYLOAD_KEYS} keys` }] };

  const headers: string[] = [];
  const cells: string[] = [];
  for (const [key, value] of entries) {
    const cell = cellOf(key, value, errors);
    if (cell === undefined || cell === '') continue;
    headers.push(key);
    cells.push(cell);
  }
  if (errors.length > 0) return { ok: false, errors };

  const record = { line: 1, cells };
  const understood = importColumns({ headers, sample: [record] }, reading.phoneRegion);
  if (!understood.ok) return { ok: false, errors: understood.errors.map(({ message }) => ({ field: 'body', message })) };
  const details: Record<string, string> = {};
  const columns = understood.value.columns.map((column, index): ImportColumn => {
    if (column.target !== undefined && NOT_TAKEN.has(column.target)) {
      errors.push({ field: column.header, message: 'is not taken by the inbound API: the lead source decides the owner, and staff set stages, tags, consent and Do Not Call' });
    }
    if (!KEPT_AS_DETAILS.has(column.target)) return column;
    if (cells[index].length > MAX_DETAIL_CHARACTERS) errors.push({ field: column.header, message: `must be at most ${MAX_DETAIL_CHARACTERS} characters` });
    details[column.header] = cells[index];
    return { ...column, target: IGNORE_COLUMN };
  });
  if (errors.length > 0) return { ok: false, errors };

  const row = readImportRow(record, columns, { timeZone: reading.timeZone, names: new ImportNames([], []) });
  if (row.errors.length > 0) return { ok: false, errors: row.errors };
  if (row.createdAt && row.createdAt.getTime() > reading.now.getTime() + CLOCK_SKEW_MS) {
    return { ok: false, errors: [{ field: headerOf(columns, 'createdAt'), message: 'must not be in the future' }] };
  }
  const lead = parseLeadInput(row.input, reading.phoneRegion);
  if (!lead.ok) return { ok: false, errors: lead.errors.map((error) => ({ ...error, field: headerOf(columns, error.field) })) };
  return { ok: true, value: { fields: row.input, externalId, arrivedAt: row.createdAt, test: testValue === true, details } };
}

function readExternalId(value: unknown, errors: FieldError[]): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined) errors.push({ field: EXTERNAL_ID, message: 'must be text or a whole number' });
  else if (text === '' || text.length > INBOUND_EXTERNAL_ID_MAX) errors.push({ field: EXTERNAL_ID, message: `must be 1 to ${INBOUND_EXTERNAL_ID_MAX} characters` });
  else if (text.includes('\u0000')) errors.push({ field: EXTERNAL_ID, message: NUL_REFUSED });
  else return text;
  return null;
}

/** A value as an imported cell holds it; undefined (with an error) for one no cell could hold. */
function cellOf(key: string, value: unknown, errors: FieldError[]): string | undefined {
  if (key.includes('\u0000')) {
    errors.push({ field: 'body', message: `a key ${NUL_REFUSED}` });
    return undefined;
  }
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    errors.push({ field: key, message: 'must be text, a number or true/false' });
    return undefined;
  }
  const text = String(value).trim();
  if (text.includes('\u0000')) {
    errors.push({ field: key, message: NUL_REFUSED });
    return undefined;
  }
  return text;
}

/** The body's key that filled a lead field (a split name's first half for `name`; an amount column for `budget`), else the field. */
function headerOf(columns: ImportColumn[], field: string): string {
  const targets: ImportTarget[] = field === 'name' ? ['name', 'firstName', 'lastName'] : field === 'budget' ? ['budget', 'budgetInRupees'] : [field as ImportTarget];
  return columns.find((column) => column.target !== undefined && targets.includes(column.target))?.header ?? field;
}
