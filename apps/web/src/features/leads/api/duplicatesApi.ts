import { duplicateLeadConflictSchema, type DuplicateLeadConflict, type DuplicatePair, type LeadMatch, type LeadMatchesQuery } from '@lead-desk/contracts';
import { ApiError, apiFetch, apiJson } from '../../../lib/apiClient';
import { nextLink } from '../../../lib/nextLink';

export const DUPLICATES_PAGE_SIZE = 20;

export interface DuplicatePage {
  pairs: DuplicatePair[];
  /** The next (older) page's URL, from the Link header. */
  next: string | null;
}

/** GET /api/leads/matches: the stored leads that already have this phone or email. */
export function fetchLeadMatches(query: LeadMatchesQuery, signal?: AbortSignal): Promise<LeadMatch[]> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return apiJson(`/api/leads/matches?${params}`, { signal });
}

/** The first page of possible duplicates, newest first: every pair in sight, or one lead's. */
export function firstDuplicatesUrl(leadId?: string): string {
  const params = new URLSearchParams({ limit: String(DUPLICATES_PAGE_SIZE), ...(leadId ? { leadId } : {}) });
  return `/api/leads/duplicates?${params}`;
}

export async function fetchDuplicatePage(url: string, signal?: AbortSignal): Promise<DuplicatePage> {
  const response = await apiFetch(url, { signal });
  return { pairs: (await response.json()) as DuplicatePair[], next: nextLink(response.headers.get('Link')) };
}

/** "Not the same person": the pair leaves the list for good. */
export function dismissDuplicate(pairId: string): Promise<void> {
  return apiJson(`/api/leads/duplicates/${encodeURIComponent(pairId)}/dismiss`, { method: 'POST' });
}

/** The 409 of a lead added over a stored lead's phone or email, or null for any other failure. */
export function duplicateConflictOf(error: unknown): DuplicateLeadConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = duplicateLeadConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
