import type { DuplicateReason } from '@lead-desk/contracts';

/** Two leads found to be possibly one person: the later one flagged, the earlier one it may be. */
export interface FoundDuplicate {
  leadId: string;
  otherLeadId: string;
  reason: DuplicateReason;
}

/** A pair's key whichever lead is named first: the two ids in order, lower first. */
export function duplicatePairKey(leadId: string, otherLeadId: string): string {
  return leadId < otherLeadId ? `${leadId} ${otherLeadId}` : `${otherLeadId} ${leadId}`;
}
