import type { Lead } from '@lead-desk/contracts';

const TEXT = {
  unassigned: 'Unassigned',
  owner: 'Owner',
  lostReason: 'Lost because',
  tags: 'Tags',
};

/** The few facts a board card has room for: where, who works it, why it was lost, and its tags. */
export function LeadCardSummary({ lead }: { lead: Lead }) {
  return (
    <>
      <p className="board-card__summary">
        {[lead.location, lead.phone].filter(Boolean).join(' · ')}
        <br />
        <span className="visually-hidden">{TEXT.owner}: </span>
        {lead.owner?.name ?? TEXT.unassigned}
        {lead.lostReason && (
          <>
            <br />
            {TEXT.lostReason}: {lead.lostReason}
          </>
        )}
      </p>
      {lead.tags.length > 0 && (
        <ul className="lead-card__tags" aria-label={TEXT.tags}>
          {lead.tags.map((tag) => (
            <li key={tag} className="tag-chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
