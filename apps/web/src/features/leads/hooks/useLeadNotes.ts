import type { NoteInput } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addLeadNote, deleteLeadNote, editLeadNote, fetchLeadNotes } from '../api/leadNotesApi';
import { leadKeys } from '../api/leadQueryKeys';

/** A lead's notes, newest first, and adding, editing and deleting them; each change also adds to the timeline. */
export function useLeadNotes(leadId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(leadId) });
  return {
    list: useQuery({ queryKey: leadKeys.notes(leadId), queryFn: ({ signal }) => fetchLeadNotes(leadId, signal) }),
    add: useMutation({ mutationFn: (note: NoteInput) => addLeadNote(leadId, note), onSuccess: refresh }),
    edit: useMutation({ mutationFn: ({ noteId, note }: { noteId: string; note: NoteInput }) => editLeadNote(leadId, noteId, note), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (noteId: string) => deleteLeadNote(leadId, noteId), onSuccess: refresh }),
  };
}
