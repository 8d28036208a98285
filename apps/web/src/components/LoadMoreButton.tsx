import type { UseInfiniteQueryResult } from '@tanstack/react-query';

interface LoadMoreButtonProps {
  /** The list's infinite query: the button shows while there is a next page. */
  pages: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label: string;
  /** What the button says while the next page loads (the label if not given). */
  loadingLabel?: string;
}

/**
 * "Load more" under a keyset-paged list. A press while the next page loads does nothing:
 * fetchNextPage would cancel that request and send it again.
 */
export function LoadMoreButton({ pages, label, loadingLabel = label }: LoadMoreButtonProps) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-disabled={pages.isFetchingNextPage || undefined}
      onClick={() => !pages.isFetchingNextPage && void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? loadingLabel : label}
    </button>
  );
}
