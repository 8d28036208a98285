import type { SavedView } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { deleteSavedView, fetchSavedViews, leadViewOf, savedFilterOf, saveView } from '../api/savedViewsApi';
import { leadKeys } from '../api/leadQueryKeys';
import type { LeadView } from '../types';

const TEXT = {
  label: 'Saved views',
  save: 'Save view',
  name: 'View name',
  shared: 'Share with the team',
  confirm: 'Save',
  cancel: 'Cancel',
  remove: (name: string) => `Delete view ${name}`,
  failed: 'The view could not be saved:',
  dropped: (name: string, parts: string) => `“${name}” opened without ${parts}: no longer there.`,
  part: { stage: 'its stage', owner: 'its owner', tag: 'the tag' } as const,
};

interface SavedViewsProps {
  view: LeadView;
  onApply: (view: LeadView) => void;
}

/** The team's and your own saved filters, each with its live count; the current filter can be saved as one. */
export function SavedViews({ view, onApply }: SavedViewsProps) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [opened, setOpened] = useState<SavedView | null>(null);
  const views = useQuery({ queryKey: leadKeys.savedViews(), queryFn: ({ signal }) => fetchSavedViews(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.savedViews() });
  const create = useMutation({
    mutationFn: saveView,
    onSuccess: () => {
      setSaving(false);
      setName('');
      setShared(false);
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteSavedView, onSuccess: refresh });

  const open = (saved: SavedView) => {
    setOpened(saved);
    onApply(leadViewOf(saved.filter));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!create.isPending) create.mutate({ name, shared, filter: savedFilterOf(view) });
  };

  return (
    <div className="saved-views">
      <div className="saved-views__list" role="group" aria-label={TEXT.label}>
        {(views.data ?? []).map((saved) => (
          <span key={saved.id} className="saved-views__item">
            <button type="button" className="lead-filters__button" onClick={() => open(saved)}>
              <Bookmark aria-hidden size={14} /> {saved.name} ({saved.count})
            </button>
            {saved.editable && (
              <button type="button" className="tag-chip__remove" aria-label={TEXT.remove(saved.name)} onClick={() => !remove.isPending && remove.mutate(saved.id)}>
                <X aria-hidden size={14} />
              </button>
            )}
          </span>
        ))}
        {!saving && (
          <button type="button" className="button button--secondary" onClick={() => setSaving(true)}>
            {TEXT.save}
          </button>
        )}
      </div>
      {saving && (
        <form className="saved-views__form" onSubmit={submit}>
          <label htmlFor={nameId}>{TEXT.name}</label>
          <input id={nameId} value={name} required maxLength={80} onChange={(event) => setName(event.target.value)} />
          <label>
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} /> {TEXT.shared}
          </label>
          <button type="submit" className="button button--primary" aria-disabled={create.isPending || undefined}>
            {TEXT.confirm}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setSaving(false)}>
            {TEXT.cancel}
          </button>
          {create.error && (
            <p className="form-error" role="alert">
              {TEXT.failed} {create.error.message}
            </p>
          )}
        </form>
      )}
      {opened && opened.dropped.length > 0 && (
        <p className="saved-views__dropped" role="status">
          {TEXT.dropped(opened.name, [...new Set(opened.dropped.map(({ field }) => TEXT.part[field]))].join(', '))}
        </p>
      )}
    </div>
  );
}
