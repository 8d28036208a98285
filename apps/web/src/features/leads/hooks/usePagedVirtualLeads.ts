import type { Lead } from '@lead-desk/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

/** Start loading the next page this many cards before the end, so scrolling rarely waits. */
const PREFETCH_MARGIN = 10;

interface PagedLeads {
  leads: Lead[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/**
 * Leads in a virtual list that pages itself: only the cards in view (and `overscan`
 * around) are in the page, a row past the last lead stands for the page being loaded,
 * and the next page is asked for as the end comes near. Used by the lead list and each
 * board column.
 */
export function usePagedVirtualLeads({ leads, hasNextPage, isFetchingNextPage, fetchNextPage }: PagedLeads, layout: { estimatedHeight: number; overscan: number; gap: number }) {
  const scrollElement = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollElement.current,
    estimateSize: () => layout.estimatedHeight,
    getItemKey: (index) => leads[index]?._id ?? 'loading-more',
    overscan: layout.overscan,
    gap: layout.gap,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - PREFETCH_MARGIN) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, leads.length, fetchNextPage]);

  return { scrollElement, virtualizer, items };
}
