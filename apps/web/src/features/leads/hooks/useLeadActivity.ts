import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchActivityPage, firstActivityUrl } from '../api/leadActivityApi';
import { leadKeys } from '../api/leadQueryKeys';

/** A lead's timeline, newest first, a page at a time ("Load more" reads the next, older page). */
export function useLeadActivity(leadId: string) {
  return useInfiniteQuery({
    queryKey: leadKeys.activity(leadId),
    queryFn: ({ pageParam, signal }) => fetchActivityPage(pageParam, signal),
    initialPageParam: firstActivityUrl(leadId),
    getNextPageParam: (page) => page.next ?? undefined,
  });
}
