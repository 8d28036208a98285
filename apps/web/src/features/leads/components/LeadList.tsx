import type { Lead } from '@lead-desk/contracts';
import { isLeadSelected, type BulkSelection } from '../bulkSelection';
import { usePagedVirtualLeads } from '../hooks/usePagedVirtualLeads';
import { LeadCard } from './LeadCard';

const TEXT = {
  label: 'Lead list',
  loadingMore: 'Loading more leads…',
};

/** A first guess before a card is measured; cards are measured as they render. */
const ESTIMATED_CARD_HEIGHT = 300;

interface LeadListProps {
  leads: Lead[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  highlighted: ReadonlySet<string>;
  onCall: (lead: Lead) => void;
  onViewDetails: (lead: Lead) => void;
  selection: BulkSelection;
  onToggleSelected: (id: string) => void;
}

/**
 * The leads in a virtual list: only the cards in view (and a few around) are in the
 * page, so 100,000 leads scroll like 10. Pages load as the end comes near.
 */
export function LeadList({ leads, total, hasNextPage, isFetchingNextPage, fetchNextPage, highlighted, onCall, onViewDetails, selection, onToggleSelected }: LeadListProps) {
  const { scrollElement, virtualizer, items } = usePagedVirtualLeads(
    { leads, hasNextPage, isFetchingNextPage, fetchNextPage },
    { estimatedHeight: ESTIMATED_CARD_HEIGHT, overscan: 3, gap: 12 },
  );

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
                <LeadCard
                  lead={lead}
                  highlighted={highlighted.has(lead._id)}
                  onCall={onCall}
                  onViewDetails={onViewDetails}
                  onToggleSelected={onToggleSelected}
                  selected={isLeadSelected(selection, lead._id)}
                  selectionLocked={selection.kind === 'matching'}
                />
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
