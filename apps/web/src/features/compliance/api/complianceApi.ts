import type { CallRefusalsPage, DndListSummary, DndListUploadResult } from '@lead-desk/contracts';
import { apiFetch, apiJson } from '../../../lib/apiClient';

export const callRefusalsKey = ['call-refusals'] as const;
export const dndListKey = ['dnd-list'] as const;

export type DndListMode = 'replace' | 'merge';

/** GET /api/calls/refusals, newest first; the next page starts at the answer's nextCursor. */
export function fetchCallRefusals(cursor: string | null, signal?: AbortSignal): Promise<CallRefusalsPage> {
  const query = new URLSearchParams({ limit: '50', ...(cursor ? { cursor } : {}) });
  return apiJson(`/api/calls/refusals?${query}`, { signal });
}

/** GET /api/dnd-list: how many numbers the scrub list holds, who uploaded it when. */
export function fetchDndList(signal?: AbortSignal): Promise<DndListSummary> {
  return apiJson('/api/dnd-list', { signal });
}

/** PUT /api/dnd-list: the provider's file as the multipart field "file"; a bad line refuses the whole file (400). */
export async function uploadDndList({ file, mode }: { file: File; mode: DndListMode }): Promise<DndListUploadResult> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiFetch(`/api/dnd-list?mode=${mode}`, { method: 'PUT', body: form });
  return (await response.json()) as DndListUploadResult;
}
