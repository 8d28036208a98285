import type { Lead } from '@lead-desk/contracts';
import { useDraggable } from '@dnd-kit/core';
import { Eye, GripVertical } from 'lucide-react';
import { memo, useId } from 'react';
import { LeadStatusBadge } from '../../leads/components/LeadStatusBadge';
import { LeadCardSummary } from './LeadCardSummary';

const TEXT = {
  move: (name: string) => `Move ${name}`,
  details: 'View Details',
};

interface BoardCardProps {
  lead: Lead;
  highlighted: boolean;
  onViewDetails: (lead: Lead) => void;
}

/** A lead on the board: dragged anywhere on it with a pointer, or from its handle with the keyboard (Space, arrows, Space). */
export const BoardCard = memo(function BoardCard({ lead, highlighted, onViewDetails }: BoardCardProps) {
  const nameId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: lead._id,
    data: { lead, stageId: lead.stage.id },
  });
  return (
    <article
      ref={setNodeRef}
      className="board-card"
      data-testid="board-card"
      data-dragging={isDragging || undefined}
      data-highlighted={highlighted || undefined}
      aria-labelledby={nameId}
      {...listeners}
    >
      <div className="board-card__header">
        <button type="button" ref={setActivatorNodeRef} className="board-card__handle" aria-label={TEXT.move(lead.name)} {...attributes}>
          <GripVertical aria-hidden size={16} />
        </button>
        <h5 id={nameId} className="board-card__name">
          {lead.name}
        </h5>
        <LeadStatusBadge qualified={lead.qualified} />
      </div>
      <LeadCardSummary lead={lead} />
      <button type="button" className="board-card__details" aria-describedby={nameId} onClick={() => onViewDetails(lead)}>
        <Eye aria-hidden size={14} />
        {TEXT.details}
      </button>
    </article>
  );
});
