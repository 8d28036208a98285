import type { LeadActivity } from '@lead-desk/contracts';
import { apiFetch } from '../../../lib/apiClient';
import { nextLink } from '../../../lib/nextLink';

export interface ActivityPage {
  entries: LeadActivity[];
  /** The next (older) page's URL, from the Link header. */
  next: string | null;
}

/** The first page of a lead's timeline, newest first; later pages come from each answer's Link header. */
export function firstActivityUrl(leadId: string): string {
  return `/api/leads/${encodeURIComponent(leadId)}/activity`;
}

export async function fetchActivityPage(url: string, signal?: AbortSignal): Promise<ActivityPage> {
  const response = await apiFetch(url, { signal });
  return { entries: (await response.json()) as LeadActivity[], next: nextLink(response.headers.get('Link')) };
}
