const TEXT = { tags: 'Tags' };

/** A lead's tags as chips, in a list named Tags; nothing for a lead without tags. */
export function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="lead-card__tags" aria-label={TEXT.tags}>
      {tags.map((tag) => (
        <li key={tag} className="tag-chip">
          {tag}
        </li>
      ))}
    </ul>
  );
}
