import type { ActivityData } from '@lead-desk/contracts';
import type { Lead } from '../database/models';
import type { LeadColumns } from './lead-columns';

export type LeadFieldChange = ActivityData<'updated'>;
type FieldValue = LeadFieldChange['to'];

/** Each field of a lead's JSON, how to read it from the columns (the budget spans two), and those columns. */
const FIELDS: [field: string, read: (lead: LeadColumns) => FieldValue | undefined, columns: (keyof LeadColumns)[]][] = [
  ['name', (lead) => lead.name, ['name']],
  ['email', (lead) => lead.email, ['email']],
  ['phone', (lead) => lead.phone, ['phone']],
  ['location', (lead) => lead.location, ['location']],
  ['qualified', (lead) => lead.qualified, ['qualified']],
  ['source', (lead) => lead.source, ['source']],
  ['interestedIn', (lead) => lead.interestedIn, ['interestedIn']],
  [
    'budget',
    (lead) => (lead.budgetAmount === undefined && lead.budgetText === undefined ? undefined : (lead.budgetAmount ?? lead.budgetText ?? null)),
    ['budgetAmount', 'budgetText'],
  ],
  ['timeline', (lead) => lead.timeline, ['timeline']],
  ['loan_needed', (lead) => lead.loanNeeded, ['loanNeeded']],
];

/**
 * What writing `changes` over `before` really changes, one entry per field of the lead's
 * JSON (as the activity log records it): a column written with the value it had is no change.
 */
export function leadFieldChanges(before: LeadColumns, changes: LeadColumns): LeadFieldChange[] {
  const merged = { ...before, ...changes };
  return FIELDS.flatMap(([field, read]) => {
    if (read(changes) === undefined) return [];
    const from = read(before) ?? null;
    const to = read(merged) ?? null;
    return from === to ? [] : [{ field, from, to }];
  });
}

/** A stored lead's own columns, what leadFieldChanges compares with. */
export function leadColumnsOf(lead: Lead): Required<LeadColumns> {
  const { name, email, phone, location, qualified, source, interestedIn, budgetAmount, budgetText, timeline, loanNeeded } = lead;
  return { name, email, phone, location, qualified, source, interestedIn, budgetAmount, budgetText, timeline, loanNeeded };
}

/** Of `changes`, the columns of these fields of the lead's JSON only. */
export function columnsOfFields(changes: LeadColumns, fields: ReadonlySet<string>): LeadColumns {
  const picked: Record<string, unknown> = {};
  for (const [field, , columns] of FIELDS) {
    if (!fields.has(field)) continue;
    for (const column of columns) if (changes[column] !== undefined) picked[column] = changes[column];
  }
  return picked as LeadColumns;
}

/** Of `changes`, the columns of every field but these (a budget's two columns go together). */
export function columnsBesideFields(changes: LeadColumns, fields: ReadonlySet<string>): LeadColumns {
  const left = new Set(FIELDS.flatMap(([field, , columns]) => (fields.has(field) ? columns : [])));
  return Object.fromEntries(Object.entries(changes).filter(([column]) => !left.has(column as keyof LeadColumns))) as LeadColumns;
}
