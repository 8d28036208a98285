import type { LeadNote, NoteInput } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

const notesPath = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/notes`;
const notePath = (leadId: string, noteId: string) => `${notesPath(leadId)}/${encodeURIComponent(noteId)}`;

/** Newest first. */
export function fetchLeadNotes(leadId: string, signal?: AbortSignal): Promise<LeadNote[]> {
  return apiJson(notesPath(leadId), { signal });
}

export function addLeadNote(leadId: string, note: NoteInput): Promise<LeadNote> {
  return apiJson(notesPath(leadId), { method: 'POST', body: note });
}

export function editLeadNote(leadId: string, noteId: string, note: NoteInput): Promise<LeadNote> {
  return apiJson(notePath(leadId, noteId), { method: 'PATCH', body: note });
}

export function deleteLeadNote(leadId: string, noteId: string): Promise<void> {
  return apiJson(notePath(leadId, noteId), { method: 'DELETE' });
}
