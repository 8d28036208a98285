import type { AccessLogAction, AccessLogEntry, AccessRequest, Erasure, ErasureRequest } from '@lead-desk/contracts';
import { apiFetch, apiJson } from '../../../lib/apiClient';
import { nextLink } from '../../../lib/nextLink';

export const accessLogKey = ['access-log'] as const;

export interface AccessLogFilter {
  action?: AccessLogAction;
  actor?: string;
  lead?: string;
}

export interface AccessLogPage {
  entries: AccessLogEntry[];
  /** The next (older) page's URL, from the Link header. */
  next: string | null;
}

/** GET /api/audit with the filter's settings; later pages come from each answer's Link header. */
export function firstAccessLogUrl(filter: AccessLogFilter): string {
  const query = new URLSearchParams({ limit: '50' });
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
  return `/api/audit?${query}`;
}

export async function fetchAccessLogPage(url: string, signal?: AbortSignal): Promise<AccessLogPage> {
  const response = await apiFetch(url, { signal });
  return { entries: (await response.json()) as AccessLogEntry[], next: nextLink(response.headers.get('Link')) };
}

/** POST /api/privacy/access: the person's data as a ZIP. */
export async function downloadPersonalData(person: AccessRequest): Promise<Blob> {
  const response = await apiFetch('/api/privacy/access', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(person) });
  return response.blob();
}

export function erasePerson(request: ErasureRequest): Promise<Erasure> {
  return apiJson('/api/privacy/erasure', { method: 'POST', body: request });
}
