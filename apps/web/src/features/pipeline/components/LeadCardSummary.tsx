import type { Lead } from '@lead-desk/contracts';
import { TagChips } from '../../../components/TagChips';

const TEXT = {
  unassigned: 'Unassigned',
  owner: 'Owner',
  lostReason: 'Lost because',
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
      <TagChips tags={lead.tags} />
    </>
  );
}
