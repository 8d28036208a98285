import type { BoardColumn, Lead, Stage } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';
import { viewParams } from '../../leads/api/leadsApi';
import type { LeadView } from '../../leads/types';

export function fetchStages(signal?: AbortSignal): Promise<Stage[]> {
  return apiJson('/api/stages', { signal });
}

/** How many leads of the view each board stage holds (the view's stage filter does not apply: each column is a stage). */
export function fetchBoardCounts(view: LeadView, signal?: AbortSignal): Promise<BoardColumn[]> {
  const params = viewParams({ ...view, stage: undefined });
  return apiJson(`/api/leads/board${params.size > 0 ? `?${params}` : ''}`, { signal });
}

/** Moves the lead to a stage, only if nobody changed it since it was shown (If-Match: its version; 412 otherwise). */
export function moveLeadToStage(lead: Lead, stageId: string, lostReason?: string): Promise<Lead> {
  return apiJson(`/api/leads/${encodeURIComponent(lead._id)}`, {
    method: 'PATCH',
    headers: { 'If-Match': `"${lead.version}"` },
    body: lostReason === undefined ? { stageId } : { stageId, lostReason },
  });
}
