import type { Lead, LeadChanges, LeadWithCalls } from '@lead-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { placeLeadInLists } from '../api/leadCache';
import { isStaleLead, setLeadArchived, setLeadTags, updateLead } from '../api/leadEditsApi';
import { leadKeys } from '../api/leadQueryKeys';
import { fetchLead } from '../api/leadsApi';

/**
 * Changes to one lead, each made against the version the editor saw. When someone else
 * changed the lead first (412) nothing was written: `stale` says so and the lead is
 * read again, so the editor decides on what is there now.
 */
export function useLeadEdits(leadId: string) {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);

  const reload = async (): Promise<LeadWithCalls> => {
    void queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(leadId) });
    return queryClient.fetchQuery({ queryKey: leadKeys.detail(leadId), queryFn: ({ signal }) => fetchLead(leadId, signal), staleTime: 0 });
  };
  const handlers = {
    onMutate: () => setStale(false),
    onSuccess: (lead: Lead) => {
      placeLeadInLists(queryClient, lead, false);
      void queryClient.invalidateQueries({ queryKey: leadKeys.activity(leadId) });
      // An edit to another lead's phone, email or close name pairs the two.
      void queryClient.invalidateQueries({ queryKey: leadKeys.duplicates() });
    },
    onError: async (error: Error) => {
      if (!isStaleLead(error)) return;
      setStale(true);
      await reload();
    },
  };

  return {
    update: useMutation({ mutationFn: ({ version, changes }: { version: number; changes: LeadChanges }) => updateLead(leadId, version, changes), ...handlers }),
    archive: useMutation({ mutationFn: ({ version, archived }: { version: number; archived: boolean }) => setLeadArchived(leadId, version, archived), ...handlers }),
    tags: useMutation({ mutationFn: ({ version, tags }: { version: number; tags: string[] }) => setLeadTags(leadId, version, tags), ...handlers }),
    /** The lead as last read (after a refused change, as it is now). */
    latest: () => queryClient.getQueryData<LeadWithCalls>(leadKeys.detail(leadId)),
    /** The last change was refused because the lead had changed meanwhile. */
    stale,
    dismissStale: () => setStale(false),
  };
}
