import type { Lead } from '../database/models';

/** A lead's own fields (who they are, what they want) as plain values: what creating or changing those writes. */
export type LeadColumns = Partial<
  Pick<Lead, 'name' | 'email' | 'phone' | 'location' | 'qualified' | 'source' | 'interestedIn' | 'budgetAmount' | 'budgetText' | 'timeline' | 'loanNeeded'>
>;

/** Where a lead stands in the team's work: its stage, owner, lost reason, tags, version, archiving, Do Not Call, and whether it follows an erasure. */
export type LeadPipelineColumns = Pick<Lead, 'stageId' | 'ownerId' | 'lostReason' | 'tags' | 'version' | 'archivedAt' | 'doNotCall' | 'doNotCallReason' | 'previouslyErasedAt'>;
