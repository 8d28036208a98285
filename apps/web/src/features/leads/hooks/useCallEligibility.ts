import type { Lead } from '@lead-desk/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchCallEligibility } from '../api/complianceApi';
import { leadKeys } from '../api/leadQueryKeys';

/** Calling hours move with the clock: the answer is asked again after a minute. */
const FRESH_FOR_MS = 60_000;

/**
 * Why the lead may not be called now, or null when it may (or when that is not known yet:
 * the server decides again when the call is placed). A lead without a phone is not asked
 * about: its button opens the "No phone number found." dialog as before.
 */
export function useCallBlockedReason(lead: Pick<Lead, '_id' | 'phone'>): string | null {
  const { data } = useQuery({
    queryKey: leadKeys.callEligibility(lead._id),
    queryFn: ({ signal }) => fetchCallEligibility(lead._id, signal),
    enabled: lead.phone !== null,
    staleTime: FRESH_FOR_MS,
    refetchInterval: FRESH_FOR_MS,
  });
  return lead.phone !== null && data && !data.allowed ? data.reason : null;
}
