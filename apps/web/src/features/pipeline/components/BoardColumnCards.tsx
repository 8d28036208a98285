import type { Lead } from '@lead-desk/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { BoardCard } from './BoardCard';

const TEXT = {
  label: (stage: string) => `${stage} leads`,
  loadingMore: 'Loading more leads…',
};

/** A first guess before a card is measured. */
const ESTIMATED_CARD_HEIGHT = 120;
/** Start loading the next page this many cards before the end. */
const PREFETCH_MARGIN = 10;

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
  const scrollElement = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollElement.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => leads[index]?._id ?? 'loading-more',
    overscan: 4,
    gap: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - PREFETCH_MARGIN) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, leads.length, fetchNextPage]);

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
