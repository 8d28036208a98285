import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchLeadPage, firstPageUrl } from '../api/leadsApi';
import { leadKeys } from '../api/leadQueryKeys';
import type { LeadView } from '../types';

/** The view's leads, newest first, one keyset page at a time; `total` counts all that match. */
export function useLeadList(view: LeadView) {
  const query = useInfiniteQuery({
    queryKey: leadKeys.list(view),
    queryFn: ({ pageParam, signal }) => fetchLeadPage(pageParam, signal),
    initialPageParam: firstPageUrl(view),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    // While a new search loads, the previous results stay on screen instead of a blank list.
    placeholderData: keepPreviousData,
  });
  const leads = useMemo(() => query.data?.pages.flatMap((page) => page.leads) ?? [], [query.data]);
  return { ...query, leads, total: query.data?.pages[0]?.total ?? 0 };
}
