import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { dismissDuplicate, fetchDuplicatePage, firstDuplicatesUrl, type DuplicatePage } from '../api/duplicatesApi';
import { leadKeys } from '../api/leadQueryKeys';

/** Possible duplicates not dismissed, newest first, a page at a time: every pair in sight, or those of one lead. */
export function useDuplicatePairs(leadId: string | null) {
  return useInfiniteQuery({
    queryKey: leadKeys.duplicatePairs(leadId),
    queryFn: ({ pageParam, signal }) => fetchDuplicatePage(pageParam, signal),
    initialPageParam: firstDuplicatesUrl(leadId ?? undefined),
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** "Not the same person": the pair leaves every list that shows it at once. */
export function useDismissDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissDuplicate,
    onSuccess: (_, pairId) =>
      queryClient.setQueriesData<InfiniteData<DuplicatePage, string>>({ queryKey: leadKeys.duplicates() }, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, pairs: page.pairs.filter((pair) => pair.id !== pairId) })) },
      ),
  });
}
