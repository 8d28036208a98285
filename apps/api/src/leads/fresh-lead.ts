import type { LeadPipelineColumns } from './lead-columns';

/** A lead nobody has worked yet: in the entry stage (StagesRepository.entryStageId), unowned, untagged, at its first version, not archived, callable. */
export function freshLead(entryStageId: string): LeadPipelineColumns {
  return { stageId: entryStageId, ownerId: null, lostReason: null, tags: '[]', version: 1, archivedAt: null, doNotCall: false, doNotCallReason: null, previouslyErasedAt: null };
}
