import type { MergeOutcome, MergePreview, MergeRequest, MergeUndone } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

/** GET /api/leads/merge-preview: both leads as they are now, field by field, and what would move. */
export function fetchMergePreview(keepId: string, mergeId: string, signal?: AbortSignal): Promise<MergePreview> {
  return apiJson(`/api/leads/merge-preview?${new URLSearchParams({ keepId, mergeId })}`, { signal });
}

/** POST /api/leads/merge, against the versions the preview showed (412 when either lead changed since). */
export function mergeLeads(request: MergeRequest): Promise<MergeOutcome> {
  return apiJson('/api/leads/merge', { method: 'POST', body: request });
}

/** POST /api/leads/merges/:id/undo: both leads back as they were before the merge. */
export function undoMerge(mergeId: string): Promise<MergeUndone> {
  return apiJson(`/api/leads/merges/${encodeURIComponent(mergeId)}/undo`, { method: 'POST' });
}
