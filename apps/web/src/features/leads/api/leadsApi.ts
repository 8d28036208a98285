import { nextLink } from '../../../lib/nextLink';
import type { CreateLeadRequest, DailyLeadCount, Lead, LeadStats, LeadWithCalls, SourceCount } from '@lead-desk/contracts';
import { apiFetch, apiJson } from '../../../lib/apiClient';
import type { LeadPage, LeadView } from '../types';
import { browserTimeZone } from '../utils/formatDateTime';

export const LEAD_PAGE_SIZE = 50;

export function viewParams(view: LeadView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status !== 'all') params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.stage) params.set('stage', view.stage);
  if (view.owner) params.set('owner', view.owner);
  for (const tag of view.tags ?? []) params.append('tag', tag);
  if (view.source) params.set('source', view.source);
  if (view.createdFrom) params.set('createdFrom', view.createdFrom);
  if (view.createdTo) params.set('createdTo', view.createdTo);
  // The days are the viewer's days, wherever the server is.
  if (view.createdFrom || view.createdTo) params.set('tz', browserTimeZone());
  return params;
}

/** The first page of the view; later pages come from each answer's Link header. */
export function firstPageUrl(view: LeadView, limit = LEAD_PAGE_SIZE): string {
  const params = viewParams(view);
  params.set('limit', String(limit));
  return `/api/leads?${params}`;
}

export async function fetchLeadPage(url: string, signal?: AbortSignal): Promise<LeadPage> {
  const response = await apiFetch(url, { signal });
  return {
    leads: (await response.json()) as Lead[],
    total: Number(response.headers.get('X-Total-Count') ?? 0),
    next: nextLink(response.headers.get('Link')),
  };
}

/** How many leads match the view, without their records. */
export async function fetchLeadCount(view: LeadView, signal?: AbortSignal): Promise<number> {
  return (await fetchLeadPage(firstPageUrl(view, 1), signal)).total;
}


/** GET /api/leads/sources: each source of the leads the viewer may see, with its count, most used first. */
export function fetchLeadSources(signal?: AbortSignal): Promise<SourceCount[]> {
  return apiJson('/api/leads/sources', { signal });
}

export function fetchLeadStats(timeZone: string, signal?: AbortSignal): Promise<LeadStats> {
  return apiJson(`/api/leads/stats?${new URLSearchParams({ tz: timeZone })}`, { signal });
}

export function fetchDailyLeadCounts(timeZone: string, days: number, signal?: AbortSignal): Promise<DailyLeadCount[]> {
  return apiJson(`/api/leads/stats/daily?${new URLSearchParams({ tz: timeZone, days: String(days) })}`, { signal });
}

export function fetchLead(id: string, signal?: AbortSignal): Promise<LeadWithCalls> {
  return apiJson(`/api/leads/${encodeURIComponent(id)}`, { signal });
}

/** POST /api/leads; `allowDuplicate` adds it although a stored lead has its phone or email (else a 409, see duplicateConflictOf). */
export function createLead(lead: CreateLeadRequest): Promise<Lead> {
  return apiJson('/api/leads', { method: 'POST', body: lead });
}

/** The download link for the view's leads as leads.csv. */
export function exportCsvUrl(view: LeadView): string {
  const params = viewParams(view);
  return `/api/leads/export.csv${params.size > 0 ? `?${params}` : ''}`;
}
