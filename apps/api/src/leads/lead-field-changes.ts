import type { ActivityData } from '@lead-desk/contracts';
import type { Lead } from '../database/models';
import type { LeadColumns } from './lead-columns';

export type LeadFieldChange = ActivityData<'updated'>;
type FieldValue = LeadFieldChange['to'];

/** Each field of a lead's JSON and how to read it from the columns (the budget spans two). */
const FIELDS: [field: string, read: (lead: LeadColumns) => FieldValue | undefined][] = [
  ['name', (lead) => lead.name],
  ['email', (lead) => lead.email],
  ['phone', (lead) => lead.phone],
  ['location', (lead) => lead.location],
  ['qualified', (lead) => lead.qualified],
  ['source', (lead) => lead.source],
  ['interestedIn', (lead) => lead.interestedIn],
  ['budget', (lead) => (lead.budgetAmount === undefined && lead.budgetText === undefined ? undefined : (lead.budgetAmount ?? lead.budgetText ?? null))],
  ['timeline', (lead) => lead.timeline],
  ['loan_needed', (lead) => lead.loanNeeded],
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
