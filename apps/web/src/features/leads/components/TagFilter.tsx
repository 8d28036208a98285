import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { fetchTags, tagsKey } from '../api/tagsApi';

const TEXT = {
  label: 'Tag',
  any: 'Any tag',
  failed: 'Tags could not be loaded',
  count: (tag: string, count: number) => `${tag} (${count})`,
};

/**
 * Narrows the list to the leads carrying a tag (the URL's `tag`), offered with how many
 * carry each. A view of several tags (a saved view) shows the first; choosing replaces them.
 */
export function TagFilter({ tags, onChange }: { tags: string[] | undefined; onChange: (tags: string[]) => void }) {
  const id = useId();
  const tag = tags?.[0];
  const counts = useQuery({ queryKey: tagsKey, queryFn: ({ signal }) => fetchTags(signal) });
  const offered = counts.data ?? [];
  const known = !tag || offered.some((choice) => choice.tag.toLowerCase() === tag.toLowerCase());
  return (
    <div className="lead-view-filter">
      <label htmlFor={id}>{TEXT.label}</label>
      <select id={id} value={tag?.toLowerCase() ?? ''} onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}>
        <option value="">{counts.error ? TEXT.failed : TEXT.any}</option>
        {offered.map((choice) => (
          <option key={choice.tag} value={choice.tag.toLowerCase()}>
            {TEXT.count(choice.tag, choice.count)}
          </option>
        ))}
        {/* A shared link may name a tag no lead carries any more: keep it rather than lose it. */}
        {!known && <option value={tag.toLowerCase()}>{tag}</option>}
      </select>
    </div>
  );
}
