import type { Lead, Session } from '@lead-desk/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../auth';
import type { LeadPage, LeadView } from '../types';
import { leadMatchesView } from '../utils/leadMatchesView';
import { leadKeys } from './leadQueryKeys';

type LeadPages = InfiniteData<LeadPage, string>;

/**
 * Puts a new or changed lead into every loaded list it belongs to, in list order
 * (newest first), and out of those it no longer matches, adjusting their totals.
 * Lists are edited in place rather than refetched: a page deep in a scrolled list
 * keeps its position and nothing is read again.
 */
export function placeLeadInLists(queryClient: QueryClient, lead: Lead, isNew: boolean): void {
  const viewerId = queryClient.getQueryData<Session | null>(sessionKey)?.staff?.id ?? null;
  for (const [key, data] of queryClient.getQueriesData<LeadPages>({ queryKey: leadKeys.lists() })) {
    if (!data) continue;
    const view = key[2] as LeadView;
    queryClient.setQueryData<LeadPages>(key, placeLead(data, lead, leadMatchesView(lead, view, viewerId), isNew));
  }
  queryClient.setQueryData(leadKeys.detail(lead._id), (details: object | undefined) => details && { ...details, ...lead });
}

/** Takes a lead the viewer may no longer see out of every loaded list, adjusting their totals. */
export function removeLeadFromLists(queryClient: QueryClient, id: string): void {
  for (const [key, data] of queryClient.getQueriesData<LeadPages>({ queryKey: leadKeys.lists() })) {
    if (!data) continue;
    queryClient.setQueryData<LeadPages>(key, placeLead(data, { _id: id } as Lead, false, false));
  }
}

/** The lead as a loaded list shows it, if any does. */
export function findListedLead(queryClient: QueryClient, id: string): Lead | undefined {
  for (const [, data] of queryClient.getQueriesData<LeadPages>({ queryKey: leadKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const lead = page.leads.find((shown) => shown._id === id);
      if (lead) return lead;
    }
  }
  return undefined;
}

function placeLead(data: LeadPages, lead: Lead, matches: boolean, isNew: boolean): LeadPages {
  let found = false;
  let pages = data.pages.map((page) => {
    const index = page.leads.findIndex((shown) => shown._id === lead._id);
    if (index < 0) return page;
    found = true;
    const leads = matches ? page.leads.with(index, lead) : page.leads.toSpliced(index, 1);
    return { ...page, leads };
  });
  let change = found && !matches ? -1 : 0;
  if (!found && matches) {
    const inserted = insertInOrder(pages, lead);
    if (inserted) pages = inserted;
    // A new lead counts even when it sorts into a page not loaded yet.
    if (inserted || isNew) change = 1;
  }
  if (change === 0 && pages === data.pages) return data;
  const [first, ...rest] = pages;
  return { ...data, pages: [{ ...first, total: Math.max(0, first.total + change) }, ...rest] };
}

/** Inserts before the first older lead; past the loaded pages it is left to the page that holds it. */
function insertInOrder(pages: LeadPage[], lead: Lead): LeadPage[] | null {
  for (let p = 0; p < pages.length; p += 1) {
    const index = pages[p].leads.findIndex((shown) => isNewer(lead, shown));
    if (index >= 0) return pages.with(p, { ...pages[p], leads: pages[p].leads.toSpliced(index, 0, lead) });
  }
  const last = pages.at(-1);
  if (!last || last.next) return null;
  return pages.with(pages.length - 1, { ...last, leads: [...last.leads, lead] });
}

/** The API's list order: created_at descending, then id descending. */
function isNewer(a: Lead, b: Lead): boolean {
  return a.createdAt === b.createdAt ? a._id > b._id : a.createdAt > b.createdAt;
}

const SUMMARY_KINDS = new Set(['stats', 'counts', 'daily', 'board', 'views', 'sources', 'speed-to-lead']);

/** Stats, filter counts, board counts, saved views' and sources' counts and the chart are cheap to read again; they follow any change. */
export function refreshLeadSummaries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: leadKeys.all, predicate: (query) => SUMMARY_KINDS.has(String(query.queryKey[1])) });
}
