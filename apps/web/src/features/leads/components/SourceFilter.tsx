import { useId, useState } from 'react';

const TEXT = {
  label: 'Source',
  placeholder: 'Any source',
};

/** The sources every install has; an imported file brings its own, typed in. */
const KNOWN_SOURCES = ['web form', 'voice bot'];

/**
 * Narrows the list to the leads from one source (the URL's `source`), matched exactly as
 * the lead's `source` reads. Applied when the field is left or Enter is pressed, so each
 * keystroke does not ask the server.
 */
export function SourceFilter({ source, onChange }: { source: string | undefined; onChange: (source: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(source ?? '');
  const [shown, setShown] = useState(source);
  // A saved view or the Back button changes the filter from outside: show it.
  if (shown !== source) {
    setShown(source);
    setDraft(source ?? '');
  }
  const apply = () => {
    if (draft.trim() !== (source ?? '')) onChange(draft);
  };
  return (
    <div className="lead-view-filter">
      <label htmlFor={id}>{TEXT.label}</label>
      <input
        id={id}
        list={`${id}-known`}
        value={draft}
        placeholder={TEXT.placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      <datalist id={`${id}-known`}>
        {KNOWN_SOURCES.map((known) => (
          <option key={known} value={known} />
        ))}
      </datalist>
    </div>
  );
}
