import type { LeadNote } from '@lead-desk/contracts';
import { Save } from 'lucide-react';
import { useState } from 'react';
import type { useLeadNotes } from '../../hooks/useLeadNotes';
import type { Viewer } from '../../hooks/useViewer';
import { formatDateTime } from '../../utils/formatDateTime';
import { NoteForm } from './NoteForm';

const TEXT = {
  someone: 'Someone',
  edited: 'edited',
  edit: 'Edit',
  editLabel: 'Edit note',
  save: 'Save note',
  saving: 'Saving…',
  delete: 'Delete',
  confirm: 'Delete this note?',
  confirmYes: 'Delete note',
  keep: 'Keep it',
  deleteFailed: 'The note could not be deleted:',
};

interface NoteItemProps {
  note: LeadNote;
  viewer: Viewer;
  notes: ReturnType<typeof useLeadNotes>;
}

/** One note: its author edits it; its author or an admin deletes it (after a second press). */
export function NoteItem({ note, viewer, notes }: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const own = (note.author?.id ?? null) === viewer.staffId;
  const canDelete = own || viewer.isAdmin;
  const deleteFailure = notes.remove.error && notes.remove.variables === note.id ? notes.remove.error : null;

  if (editing) {
    return (
      <NoteForm
        label={TEXT.editLabel}
        body={note.body}
        submit={{ icon: Save, label: TEXT.save, pendingLabel: TEXT.saving }}
        onSave={(changed) => notes.edit.mutateAsync({ noteId: note.id, note: changed })}
        onSaved={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    // Not an article: the details' only articles are its calls.
    <div className="lead-note" data-testid="lead-note">
      <p className="lead-note__body">{note.body}</p>
      <p className="lead-note__meta">
        {note.author?.name ?? TEXT.someone} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {note.updatedAt !== note.createdAt && ` · ${TEXT.edited}`}
      </p>
      <div className="lead-note__actions">
        {own && (
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {TEXT.edit}
          </button>
        )}
        {canDelete && !confirming && (
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {TEXT.delete}
          </button>
        )}
        {confirming && (
          <>
            <span>{TEXT.confirm}</span>
            <button type="button" className="button button--secondary" onClick={() => notes.remove.mutate(note.id)}>
              {TEXT.confirmYes}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {TEXT.keep}
            </button>
          </>
        )}
      </div>
      {deleteFailure && (
        <p className="form-error" role="alert">
          {TEXT.deleteFailed} {deleteFailure.message}
        </p>
      )}
    </div>
  );
}
