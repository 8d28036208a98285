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
  const { status, q, stage, owner, tags, source, createdFrom, createdTo } = view;
  return { status, q: q || undefined, stage, owner, tag: tags, source, createdFrom, createdTo };
}

/** What the list shows for a saved view's filter, as it still applies. */
export function leadViewOf(filter: SavedViewFilter): LeadView {
  const { status, q, stage, owner, tag, source, createdFrom, createdTo } = filter;
  return { status, q: q ?? '', stage, owner, tags: tag?.length ? tag : undefined, source, createdFrom, createdTo };
}
