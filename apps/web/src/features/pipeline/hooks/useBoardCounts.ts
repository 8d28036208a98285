import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { leadKeys } from '../../leads/api/leadQueryKeys';
import type { LeadView } from '../../leads/types';
import { fetchBoardCounts } from '../api/pipelineApi';

/** Each column's count for the view, by stage id (GET /api/leads/board); refreshed after every live change. */
export function useBoardCounts(view: LeadView) {
  const boardView = useMemo(() => ({ ...view, stage: undefined }), [view]);
  const query = useQuery({
    queryKey: leadKeys.board(boardView),
    queryFn: ({ signal }) => fetchBoardCounts(boardView, signal),
    placeholderData: keepPreviousData,
  });
  const counts = useMemo(() => new Map(query.data?.map((column) => [column.stageId, column.count])), [query.data]);
  return { ...query, counts };
}
