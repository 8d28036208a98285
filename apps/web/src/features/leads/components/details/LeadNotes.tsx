import { MessageSquarePlus } from 'lucide-react';
import { useId } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { useLeadNotes } from '../../hooks/useLeadNotes';
import type { Viewer } from '../../hooks/useViewer';
import { NoteForm } from './NoteForm';
import { NoteItem } from './NoteItem';

const TEXT = {
  notes: 'Notes',
  newNote: 'New note',
  add: 'Add note',
  adding: 'Adding…',
  loading: 'Loading notes…',
  none: 'No notes yet.',
  failed: 'Could not load this lead’s notes',
};

/** What the team wrote about the lead, newest first, and a form for the next note. */
export function LeadNotes({ leadId, viewer }: { leadId: string; viewer: Viewer }) {
  const headingId = useId();
  const notes = useLeadNotes(leadId);
  const { list } = notes;
  return (
    <section className="lead-notes" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-details__heading">
        {TEXT.notes}
      </h3>
      <NoteForm label={TEXT.newNote} submit={{ icon: MessageSquarePlus, label: TEXT.add, pendingLabel: TEXT.adding }} onSave={(note) => notes.add.mutateAsync(note)} />
      {list.isPending && <p role="status">{TEXT.loading}</p>}
      {list.error && <ErrorNotice title={TEXT.failed} error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <p className="lead-notes__none">{TEXT.none}</p>}
      {list.data && list.data.length > 0 && (
        <ol className="lead-notes__list">
          {list.data.map((note) => (
            <li key={note.id}>
              <NoteItem note={note} viewer={viewer} notes={notes} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
