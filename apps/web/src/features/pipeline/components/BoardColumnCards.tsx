import type { Lead } from '@lead-desk/contracts';
import { usePagedVirtualLeads } from '../../leads/hooks/usePagedVirtualLeads';
import { BoardCard } from './BoardCard';

const TEXT = {
  label: (stage: string) => `${stage} leads`,
  loadingMore: 'Loading more leads…',
};

/** A first guess before a card is measured. */
const ESTIMATED_CARD_HEIGHT = 120;

interface BoardColumnCardsProps {
  label: string;
  leads: Lead[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  highlighted: ReadonlySet<string>;
  onViewDetails: (lead: Lead) => void;
}

/** A column's cards in a virtual list, as the lead list does: only the cards in view are in the page, however many the stage holds. */
export function BoardColumnCards({ label, leads, hasNextPage, isFetchingNextPage, fetchNextPage, highlighted, onViewDetails }: BoardColumnCardsProps) {
  const { scrollElement, virtualizer, items } = usePagedVirtualLeads(
    { leads, hasNextPage, isFetchingNextPage, fetchNextPage },
    { estimatedHeight: ESTIMATED_CARD_HEIGHT, overscan: 4, gap: 8 },
  );

  return (
    <div ref={scrollElement} className="board-column__cards" tabIndex={0} role="region" aria-label={TEXT.label(label)}>
      <ul className="board-column__items" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const lead = leads[item.index];
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="board-column__item"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {lead ? (
                <BoardCard lead={lead} highlighted={highlighted.has(lead._id)} onViewDetails={onViewDetails} />
              ) : (
                <p className="board-column__loading" role="status">
                  {TEXT.loadingMore}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
