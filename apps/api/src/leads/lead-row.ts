import type { Lead, ReadRow } from '../database/models';
import { tagsFromColumn } from '../tags/stored-tags';
import type { LeadOutput } from './outputs/lead.output';

/** A lead as the read side gives it: times as UtcTimeText, so a page's JSON needs no Date per row. */
export type LeadRow = ReadRow<Lead> & {
  /** The stage and owner, joined in the same query. */
  stageName: string;
  stageKind: string;
  ownerName: string | null;
  ownerEmail: string | null;
};

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
    stage: { id: row.stageId, name: row.stageName, kind: row.stageKind as LeadOutput['stage']['kind'] },
    owner: row.ownerId !== null && row.ownerName !== null && row.ownerEmail !== null ? { id: row.ownerId, name: row.ownerName, email: row.ownerEmail } : null,
    lostReason: row.lostReason,
    version: row.version,
    archived: row.archivedAt !== null,
    tags: tagsFromColumn(row.tags),
    doNotCall: row.doNotCall,
    doNotCallReason: row.doNotCallReason,
    previouslyErased: row.previouslyErasedAt !== null,
  };
}
