import type { NewConsent } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLeadConsents, recordConsent, withdrawConsent } from '../api/complianceApi';
import { leadKeys } from '../api/leadQueryKeys';

/** A lead's consents, newest first, and recording or withdrawing one; each change also reaches the timeline and the call button. */
export function useLeadConsents(leadId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(leadId) });
  return {
    list: useQuery({ queryKey: leadKeys.consents(leadId), queryFn: ({ signal }) => fetchLeadConsents(leadId, signal) }),
    record: useMutation({ mutationFn: (consent: NewConsent) => recordConsent(leadId, consent), onSuccess: refresh }),
    withdraw: useMutation({ mutationFn: (consentId: string) => withdrawConsent(leadId, consentId), onSuccess: refresh }),
  };
}
