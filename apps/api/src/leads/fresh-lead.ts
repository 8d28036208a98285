import type { LeadPipelineColumns } from './lead-columns';

/** A lead nobody has worked yet: in New, unowned, at its first version, not archived. */
export const FRESH_LEAD: LeadPipelineColumns = { stageId: 'stage-new', ownerId: null, lostReason: null, version: 1, archivedAt: null };
