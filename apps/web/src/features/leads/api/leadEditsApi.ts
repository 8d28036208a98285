import type { Lead, LeadChanges } from '@lead-desk/contracts';
import { ApiError, apiJson } from '../../../lib/apiClient';

const leadPath = (id: string) => `/api/leads/${encodeURIComponent(id)}`;

/** The lead's version as an ETag: the write only happens while the lead is still at it (412 otherwise). */
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/** PATCH /api/leads/:id against the version the editor saw. */
export function updateLead(id: string, version: number, changes: LeadChanges): Promise<Lead> {
  return apiJson(leadPath(id), { method: 'PATCH', headers: ifMatch(version), body: changes });
}

export function setLeadArchived(id: string, version: number, archived: boolean): Promise<Lead> {
  return apiJson(`${leadPath(id)}/${archived ? 'archive' : 'unarchive'}`, { method: 'POST', headers: ifMatch(version) });
}

/** PUT /api/leads/:id/tags: the lead's tags from now on. */
export function setLeadTags(id: string, version: number, tags: string[]): Promise<Lead> {
  return apiJson(`${leadPath(id)}/tags`, { method: 'PUT', headers: ifMatch(version), body: { tags } });
}

/** Someone else changed the lead after it was read: nothing was written. */
export function isStaleLead(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
