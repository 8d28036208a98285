import type { LeadMatch, LeadMatchesQuery } from '@lead-desk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { fetchLeadMatches } from '../api/duplicatesApi';
import { leadKeys } from '../api/leadQueryKeys';
import { looksLikePhoneNumber } from '../components/addLeadSchema';

/** How long typing pauses before the phone and email are looked up. */
export const MATCH_DELAY_MS = 400;

const emailText = z.email();

/** What of a form's phone and email is worth looking up: text that can be one (a half-typed number is not). */
export function matchesQuery(phone: string, email: string, exceptId?: string): LeadMatchesQuery {
  return {
    phone: looksLikePhoneNumber(phone.trim()) ? phone.trim() : undefined,
    email: emailText.safeParse(email.trim()).success ? email.trim().toLowerCase() : undefined,
    exceptId,
  };
}

/**
 * The stored leads that already have the phone or email being typed into a lead's form
 * (`exceptId`: the lead being edited), looked up once typing pauses. `lookUpNow` asks at
 * once, for a save the API refused as a duplicate (409): its answer is shown while the
 * phone and email stay as they were sent.
 */
export function useLeadMatches(phone: string, email: string, exceptId?: string) {
  const queryClient = useQueryClient();
  const query = matchesQuery(useDebouncedValue(phone, MATCH_DELAY_MS), useDebouncedValue(email, MATCH_DELAY_MS), exceptId);
  const settled = useQuery({
    queryKey: leadKeys.matches(query),
    queryFn: ({ signal }) => fetchLeadMatches(query, signal),
    enabled: Boolean(query.phone || query.email),
    staleTime: 0,
  });
  const [lookedUp, setLookedUp] = useState<{ phone: string; email: string; matches: LeadMatch[] } | null>(null);
  const lookUpNow = async (): Promise<LeadMatch[]> => {
    const now = matchesQuery(phone, email, exceptId);
    const matches = await queryClient.fetchQuery({ queryKey: leadKeys.matches(now), queryFn: ({ signal }) => fetchLeadMatches(now, signal), staleTime: 0 });
    setLookedUp({ phone, email, matches });
    return matches;
  };
  const current = lookedUp?.phone === phone && lookedUp.email === email ? lookedUp.matches : undefined;
  return { matches: current ?? settled.data ?? [], lookUpNow };
}
