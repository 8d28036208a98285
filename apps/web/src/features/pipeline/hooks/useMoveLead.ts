import type { BoardColumn, Lead, Stage } from '@lead-desk/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiClient';
import { findListedLead, placeLeadInLists } from '../../leads/api/leadCache';
import { leadKeys } from '../../leads/api/leadQueryKeys';
import { moveLeadToStage } from '../api/pipelineApi';
import { moveFailureText } from './moveFailureText';

export interface LeadMove {
  lead: Lead;
  stage: Stage;
  lostReason?: string;
}

const isBoardQuery = { queryKey: leadKeys.all, predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] === 'board' };

/** Moves one lead between the counts of every loaded board. */
function shiftBoardCounts(queryClient: QueryClient, from: string, to: string): void {
  queryClient.setQueriesData<BoardColumn[]>(isBoardQuery, (columns) =>
    columns?.map((column) => ({
      ...column,
      count: column.count + (column.stageId === to ? 1 : 0) - (column.stageId === from ? 1 : 0),
    })),
  );
}

/**
 * Moves a lead to a stage at once on screen (optimistic), then asks the API; a refusal
 * (412: someone changed it first, or any 4xx) puts the card back and says why.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ lead, stage, lostReason }: LeadMove) => moveLeadToStage(lead, stage.id, lostReason),
    onMutate: ({ lead, stage, lostReason }) => {
      setFailure(null);
      const moved: Lead = { ...lead, stage: { id: stage.id, name: stage.name, kind: stage.kind }, lostReason: lostReason ?? null };
      placeLeadInLists(queryClient, moved, false);
      shiftBoardCounts(queryClient, lead.stage.id, stage.id);
    },
    onSuccess: (saved) => placeLeadInLists(queryClient, saved, false),
    onError: (error, { lead, stage }) => {
      const shown = findListedLead(queryClient, lead._id);
      // A newer version may have arrived live meanwhile: only the optimistic copy is undone.
      if (!shown || shown.version <= lead.version) placeLeadInLists(queryClient, lead, false);
      // Someone else's change won: read the lists again so the board shows it.
      if (error instanceof ApiError && error.status === 412) void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
      setFailure(moveFailureText(error, lead, stage));
    },
    onSettled: () => queryClient.invalidateQueries(isBoardQuery),
  });
  return { move: mutation.mutate, failure, dismissFailure: () => setFailure(null) };
}
