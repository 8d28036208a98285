import type { MergeOutcome, MergeUndone } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { placeLeadInLists, refreshLeadSummaries, removeLeadFromLists } from '../api/leadCache';
import { leadKeys } from '../api/leadQueryKeys';
import { fetchMergePreview, mergeLeads, undoMerge } from '../api/mergeApi';

/** Both leads as they are now, field by field, read afresh each time it is shown. */
export function useMergePreview(keepId: string, mergeId: string) {
  return useQuery({
    queryKey: leadKeys.mergePreview(keepId, mergeId),
    queryFn: ({ signal }) => fetchMergePreview(keepId, mergeId, signal),
    staleTime: 0,
  });
}

/** What a merge or its undo changed, shown everywhere at once: the lists, both timelines, the possible duplicates. */
function refreshAfter(queryClient: QueryClient, leadIds: string[]): void {
  void refreshLeadSummaries(queryClient);
  void queryClient.invalidateQueries({ queryKey: leadKeys.duplicates() });
  for (const id of leadIds) void queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(id) });
}

/** Merges one lead into another; the merged lead leaves the lists, the kept one shows what it took. */
export function useMergeLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeLeads,
    onSuccess: ({ merge, lead }: MergeOutcome) => {
      removeLeadFromLists(queryClient, merge.mergedLeadId);
      placeLeadInLists(queryClient, lead, false);
      refreshAfter(queryClient, [lead._id]);
    },
  });
}

/** Undoes a merge: both leads are back as they were, in the lists and their details. */
export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoMerge,
    onSuccess: ({ kept, restored }: MergeUndone) => {
      placeLeadInLists(queryClient, kept, false);
      placeLeadInLists(queryClient, restored, true);
      refreshAfter(queryClient, [kept._id, restored._id]);
    },
  });
}
