import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchLeadPage, firstPageUrl } from '../../leads/api/leadsApi';
import { leadKeys } from '../../leads/api/leadQueryKeys';
import type { LeadView } from '../../leads/types';

/**
 * One board column's leads, newest first, a keyset page at a time (GET /api/leads?stage=…).
 * It is a lead list like any other, so live changes and moves are placed in it by the same cache code.
 */
export function useColumnLeads(view: LeadView, stageId: string) {
  const columnView = useMemo(() => ({ ...view, stage: stageId }), [view, stageId]);
  const query = useInfiniteQuery({
    queryKey: leadKeys.list(columnView),
    queryFn: ({ pageParam, signal }) => fetchLeadPage(pageParam, signal),
    initialPageParam: firstPageUrl(columnView),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });
  const leads = useMemo(() => query.data?.pages.flatMap((page) => page.leads) ?? [], [query.data]);
  return { ...query, leads };
}
