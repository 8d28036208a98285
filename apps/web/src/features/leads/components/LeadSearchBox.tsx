import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';

const TEXT = {
  label: 'Search leads',
  placeholder: 'Search leads...',
};

/** Typing settles for this long before the server is asked: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Searches name, email and location on the server once typing pauses. */
export function LeadSearchBox({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(query);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  // The URL changed by itself (Back, a shared link): show its search.
  useEffect(() => setText((current) => (current.trim() === query ? current : query)), [query]);

  // Only settled typing searches: a search the URL brought (Back) must not be overwritten by older typing.
  const latest = useRef({ query, onSearch });
  useEffect(() => {
    latest.current = { query, onSearch };
  });
  useEffect(() => {
    if (settled.trim() !== latest.current.query) latest.current.onSearch(settled);
  }, [settled]);

  return (
    <div className="lead-search">
      <label htmlFor={id} className="visually-hidden">
        {TEXT.label}
      </label>
      <Search aria-hidden size={18} className="lead-search__icon" />
      <input id={id} type="search" placeholder={TEXT.placeholder} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
    </div>
  );
}
