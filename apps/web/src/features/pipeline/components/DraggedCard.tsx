import type { Lead } from '@lead-desk/contracts';
import { LeadStatusBadge } from '../../leads/components/LeadStatusBadge';
import { LeadCardSummary } from './LeadCardSummary';

/** The card under the pointer while it is dragged: a picture of it, so the column may scroll it away meanwhile. */
export function DraggedCard({ lead }: { lead: Lead }) {
  return (
    <div className="board-card board-card--dragged" aria-hidden>
      <div className="board-card__header">
        <span className="board-card__name">{lead.name}</span>
        <LeadStatusBadge qualified={lead.qualified} />
      </div>
      <LeadCardSummary lead={lead} />
    </div>
  );
}
