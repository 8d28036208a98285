import type { Lead, Stage } from '@lead-desk/contracts';
import { useDroppable } from '@dnd-kit/core';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import type { LeadView } from '../../leads/types';
import { useColumnLeads } from '../hooks/useColumnLeads';
import { BoardColumnCards } from './BoardColumnCards';

const TEXT = {
  count: (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`,
  failed: 'Could not load this stage’s leads',
};

interface BoardColumnProps {
  stage: Stage;
  /** Place from the left, for keyboard dragging and layout. */
  index: number;
  view: LeadView;
  /** From GET /api/leads/board; undefined until it answers. */
  count: number | undefined;
  highlighted: ReadonlySet<string>;
  onViewDetails: (lead: Lead) => void;
}

/** One stage of the board: its name and count, and its leads, paged as the column scrolls. A card dropped on it moves there. */
export function BoardColumn({ stage, index, view, count, highlighted, onViewDetails }: BoardColumnProps) {
  const headingId = useId();
  const column = useColumnLeads(view, stage.id);
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } });
  const shownCount = count ?? column.data?.pages[0]?.total;
  return (
    <section
      ref={setNodeRef}
      className="board-column"
      data-board-column={index}
      data-over={isOver || undefined}
      data-kind={stage.kind}
      aria-labelledby={headingId}
    >
      <header className="board-column__header">
        <h5 id={headingId} className="board-column__name">
          {stage.name}
        </h5>
        {shownCount !== undefined && (
          <span className="board-column__count" data-testid="board-column-count" aria-label={TEXT.count(shownCount)}>
            {shownCount}
          </span>
        )}
      </header>
      {column.error && !column.isFetchNextPageError ? (
        <ErrorNotice title={TEXT.failed} error={column.error} onRetry={() => void column.refetch()} />
      ) : (
        <BoardColumnCards
          label={stage.name}
          leads={column.leads}
          hasNextPage={column.hasNextPage}
          isFetchingNextPage={column.isFetchingNextPage}
          fetchNextPage={column.fetchNextPage}
          highlighted={highlighted}
          onViewDetails={onViewDetails}
        />
      )}
      {column.isFetchNextPageError && <ErrorNotice title={TEXT.failed} error={column.error} onRetry={() => void column.fetchNextPage()} />}
    </section>
  );
}
