import { tagKey, tagListSchema, type Lead } from '@lead-desk/contracts';
import { Tag, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isStaleLead } from '../../api/leadEditsApi';
import type { useLeadEdits } from '../../hooks/useLeadEdits';

const TEXT = {
  heading: 'Tags',
  none: 'No tags yet.',
  add: 'Add tag',
  placeholder: 'e.g. NRI, Site visit',
  remove: (tag: string) => `Remove tag ${tag}`,
  failed: 'The tags could not be saved:',
};

/** The lead's tags: removed one by one, added a few at a time (commas or semicolons between them). */
export function LeadTagsEditor({ lead, edits }: { lead: Lead; edits: ReturnType<typeof useLeadEdits> }) {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { tags: save } = edits;
  const failure = problem ?? (save.error && !isStaleLead(save.error) ? save.error.message : null);

  const saveTags = (tags: string[]) => {
    // The contract's rules (length, how many, repeats) checked here too, so a mistake shows before anything is sent.
    const parsed = tagListSchema.safeParse(tags);
    if (!parsed.success) return setProblem(parsed.error.issues[0].message.replace(/^must/, 'Tags must'));
    setProblem(null);
    save.mutate({ version: lead.version, tags: parsed.data }, { onSuccess: () => setDraft('') });
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const added = draft.split(/[,;]/).map((tag) => tag.trim()).filter(Boolean);
    if (added.length > 0 && !save.isPending) saveTags([...lead.tags, ...added]);
  };

  return (
    <section className="lead-tags" aria-label={TEXT.heading}>
      <h4>
        <Tag aria-hidden size={16} /> {TEXT.heading}
      </h4>
      {lead.tags.length === 0 ? (
        <p className="lead-tags__none">{TEXT.none}</p>
      ) : (
        <ul className="lead-tags__list">
          {lead.tags.map((tag) => (
            <li key={tagKey(tag)} className="tag-chip">
              {tag}
              <button
                type="button"
                className="tag-chip__remove"
                aria-label={TEXT.remove(tag)}
                onClick={() => !save.isPending && saveTags(lead.tags.filter((other) => other !== tag))}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="lead-tags__add" onSubmit={add}>
        <label htmlFor={inputId} className="visually-hidden">
          {TEXT.add}
        </label>
        <input id={inputId} value={draft} placeholder={TEXT.placeholder} onChange={(event) => setDraft(event.target.value)} aria-invalid={failure ? true : undefined} />
        <button type="submit" className="button button--secondary" aria-disabled={save.isPending || undefined}>
          {TEXT.add}
        </button>
      </form>
      {failure && (
        <p className="form-error" role="alert">
          {TEXT.failed} {failure}
        </p>
      )}
    </section>
  );
}
