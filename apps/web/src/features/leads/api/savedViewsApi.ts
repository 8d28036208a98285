import type { SavedView, SavedViewFilter, SavedViewInput } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';
import type { LeadView } from '../types';

export function fetchSavedViews(signal?: AbortSignal): Promise<SavedView[]> {
  return apiJson('/api/views', { signal });
}

export function saveView(input: SavedViewInput): Promise<SavedView> {
  return apiJson('/api/views', { method: 'POST', body: input });
}

export function deleteSavedView(id: string): Promise<void> {
  return apiJson(`/api/views/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The list's view as a saved view's filter (empty parts left out). */
export function savedFilterOf(view: LeadView): SavedViewInput['filter'] {
  return { status: view.status, q: view.q || undefined, stage: view.stage, owner: view.owner, tag: view.tags };
}

/** What the list shows for a saved view's filter, as it still applies. */
export function leadViewOf(filter: SavedViewFilter): LeadView {
  return { status: filter.status, q: filter.q ?? '', stage: filter.stage, owner: filter.owner, tags: filter.tag?.length ? filter.tag : undefined };
}
