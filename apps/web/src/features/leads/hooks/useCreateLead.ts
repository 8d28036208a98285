import type { Lead } from '@lead-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placeLeadInLists, refreshLeadSummaries } from '../api/leadCache';
import { leadKeys } from '../api/leadQueryKeys';
import { createLead } from '../api/leadsApi';

/** Adds a lead; it appears at the top of every list it belongs to at once, and among the possible duplicates if it was flagged. */
export function useCreateLead(onCreated: (lead: Lead) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: (lead) => {
      placeLeadInLists(queryClient, lead, true);
      void refreshLeadSummaries(queryClient);
      void queryClient.invalidateQueries({ queryKey: leadKeys.duplicates() });
      onCreated(lead);
    },
  });
}
