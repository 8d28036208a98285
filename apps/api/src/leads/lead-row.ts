import type { Lead, ReadRow } from '../database/models';
import type { LeadOutput } from './outputs/lead.output';

/** A lead as the read side gives it: times as UtcTimeText, so a page's JSON needs no Date per row. */
export type LeadRow = ReadRow<Lead>;

/** What toLeadOutput makes of the lead a row holds. */
export function leadOutputFromRow(row: LeadRow): LeadOutput {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    location: row.location,
    qualified: row.qualified,
    createdAt: row.createdAt,
    source: row.source,
    phone: row.phone,
    interestedIn: row.interestedIn,
    budget: row.budgetAmount ?? row.budgetText,
    timeline: row.timeline,
    loan_needed: row.loanNeeded,
    updatedAt: row.updatedAt,
  };
}
