import type { LeadStatus } from '@lead-desk/contracts';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LeadLayout, LeadView } from '../types';

// The view lives in the page's URL (?status=qualified&q=pune&stage=…&owner=me&tag=nri&tag=hot&source=…&createdFrom=…&layout=board),
// so a reload or a shared link shows the same list; ?lead=<id> opens that lead's details over it.
const VIEW_CHANGED = 'lead-view-changed';
const STATUSES: readonly LeadStatus[] = ['all', 'qualified', 'unqualified'];
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

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
  const view: LeadView = { status: status && STATUSES.includes(status) ? status : 'all', q: params.get('q')?.trim() ?? '' };
  const stage = params.get('stage');
  const owner = params.get('owner');
  const tags = params.getAll('tag').map((tag) => tag.trim()).filter(Boolean);
  if (stage) view.stage = stage;
  if (owner) view.owner = owner;
  if (tags.length > 0) view.tags = tags;
  const source = params.get('source')?.trim();
  if (source) view.source = source;
  for (const bound of ['createdFrom', 'createdTo'] as const) {
    const day = params.get(bound);
    if (day && CALENDAR_DAY.test(day)) view[bound] = day;
  }
  return view;
}

/** The lead a link opens (?lead=<id>), if any. */
export function parseLinkedLead(search: string): string | null {
  return new URLSearchParams(search).get('lead')?.trim() || null;
}

/** A link that opens the dashboard on one lead's details, e.g. from an import's preview. */
export function leadDetailsHref(id: string): string {
  return `/?${new URLSearchParams({ lead: id })}`;
}

/** Opens one lead's details over the dashboard, as its link does (a step the Back button undoes). */
export function openLeadDetails(id: string): void {
  writeSearchParams({ lead: id }, 'push');
}

export function parseLeadLayout(search: string): LeadLayout {
  return new URLSearchParams(search).get('layout') === 'board' ? 'board' : 'list';
}

/** Sets (or, for '', [] and the defaults, removes) the given URL parameters; a list is the parameter repeated. */
function writeSearchParams(changes: Record<string, string | string[]>, mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (Array.isArray(value)) {
      url.searchParams.delete(name);
      for (const each of value) url.searchParams.append(name, each);
    } else if (value && !(name === 'status' && value === 'all') && !(name === 'layout' && value === 'list')) {
      // `set` keeps the parameter where it was, so a URL reads in the order its filters were chosen.
      url.searchParams.set(name, value);
    } else {
      url.searchParams.delete(name);
    }
  }
  if (url.href === window.location.href) return;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(VIEW_CHANGED));
}

/** The list's filters, search and layout, read from and written to the URL. */
export function useLeadView() {
  const search = useSyncExternalStore(subscribe, readSearch, () => '');
  const view = useMemo(() => parseLeadView(search), [search]);
  const layout = parseLeadLayout(search);
  // A filter is a deliberate step the Back button should undo; typing a search is not.
  const setStatus = useCallback((status: LeadStatus) => writeSearchParams({ status }, 'push'), []);
  const setQuery = useCallback((q: string) => writeSearchParams({ q: q.trim() }, 'replace'), []);
  const setStage = useCallback((stage: string) => writeSearchParams({ stage }, 'push'), []);
  const setOwner = useCallback((owner: string) => writeSearchParams({ owner }, 'push'), []);
  const setTags = useCallback((tags: string[]) => writeSearchParams({ tag: tags }, 'push'), []);
  const setSource = useCallback((source: string) => writeSearchParams({ source: source.trim() }, 'push'), []);
  const setCreated = useCallback((createdFrom: string, createdTo: string) => writeSearchParams({ createdFrom, createdTo }, 'push'), []);
  /** Replaces the whole filter and search at once (a saved view), keeping the layout. */
  const applyView = useCallback(
    (next: LeadView) =>
      writeSearchParams(
        {
          status: next.status,
          q: next.q,
          stage: next.stage ?? '',
          owner: next.owner ?? '',
          tag: next.tags ?? [],
          source: next.source ?? '',
          createdFrom: next.createdFrom ?? '',
          createdTo: next.createdTo ?? '',
        },
        'push',
      ),
    [],
  );
  const setLayout = useCallback((next: LeadLayout) => writeSearchParams({ layout: next }, 'push'), []);
  const linkedLead = parseLinkedLead(search);
  const closeLinkedLead = useCallback(() => writeSearchParams({ lead: '' }, 'replace'), []);
  return { view, layout, linkedLead, setStatus, setQuery, setStage, setOwner, setTags, setSource, setCreated, applyView, setLayout, closeLinkedLead };
}
