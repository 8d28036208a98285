import type { Lead } from '@lead-desk/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { LeadCard } from './LeadCard';

const TEXT = {
  label: 'Lead list',
  loadingMore: 'Loading more leads…',
};

/** A first guess before a card is measured; cards are measured as they render. */
const ESTIMATED_CARD_HEIGHT = 300;
/** Start loading the next page this many cards before the end, so scrolling rarely waits. */
const PREFETCH_MARGIN = 10;

interface LeadListProps {
  leads: Lead[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  highlighted: ReadonlySet<string>;
  onCall: (lead: Lead) => void;
  onViewDetails: (lead: Lead) => void;
}

/**
 * The leads in a virtual list: only the cards in view (and a few around) are in the
 * page, so 100,000 leads scroll like 10. Pages load as the end comes near.
 */
export function LeadList({ leads, total, hasNextPage, isFetchingNextPage, fetchNextPage, highlighted, onCall, onViewDetails }: LeadListProps) {
  const scrollElement = useRef<HTMLDivElement>(null);
  const rows = leads.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => leads[index]?._id ?? 'loading-more',
    overscan: 3,
    gap: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - PREFETCH_MARGIN) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, leads.length, fetchNextPage]);

  return (
    // Focusable, so keyboard users can scroll it; labelled, so they know what they scroll.
    <div ref={scrollElement} className="lead-list" tabIndex={0} role="region" aria-label={TEXT.label}>
      <ul className="lead-list__items" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const lead = leads[item.index];
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="lead-list__item"
              style={{ transform: `translateY(${item.start}px)` }}
              // Only some cards are in the page: tell assistive technology where this one sits.
              {...(lead ? { 'aria-setsize': Math.max(total, leads.length), 'aria-posinset': item.index + 1 } : {})}
            >
              {lead ? (
                <LeadCard lead={lead} highlighted={highlighted.has(lead._id)} onCall={onCall} onViewDetails={onViewDetails} />
              ) : (
                <p className="lead-list__loading" role="status">
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
