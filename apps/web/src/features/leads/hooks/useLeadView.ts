import type { LeadStatus } from '@lead-desk/contracts';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LeadView } from '../types';

// The view lives in the page's URL (?status=qualified&q=pune), so a reload or a shared link shows the same list.
const VIEW_CHANGED = 'lead-view-changed';
const STATUSES: readonly LeadStatus[] = ['all', 'qualified', 'unqualified'];

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(VIEW_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(VIEW_CHANGED, onChange);
  };
}

const readSearch = () => window.location.search;

export function parseLeadView(search: string): LeadView {
  const params = new URLSearchParams(search);
  const status = params.get('status') as LeadStatus | null;
  return { status: status && STATUSES.includes(status) ? status : 'all', q: params.get('q')?.trim() ?? '' };
}

function writeLeadView(view: LeadView, mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  if (view.status === 'all') url.searchParams.delete('status');
  else url.searchParams.set('status', view.status);
  if (view.q) url.searchParams.set('q', view.q);
  else url.searchParams.delete('q');
  if (url.href === window.location.href) return;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(VIEW_CHANGED));
}

/** The list's filter and search, read from and written to the URL. */
export function useLeadView() {
  const search = useSyncExternalStore(subscribe, readSearch, () => '');
  const view = useMemo(() => parseLeadView(search), [search]);
  // A filter is a deliberate step the Back button should undo; typing a search is not.
  const setStatus = useCallback((status: LeadStatus) => writeLeadView({ ...parseLeadView(readSearch()), status }, 'push'), []);
  const setQuery = useCallback((q: string) => writeLeadView({ ...parseLeadView(readSearch()), q: q.trim() }, 'replace'), []);
  return { view, setStatus, setQuery };
}
