import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchLeadCount } from '../api/leadsApi';
import { leadKeys } from '../api/leadQueryKeys';
import type { LeadCounts } from '../types';
import { useLeadStats } from './useLeadStats';

/** The numbers on the filter buttons: of all leads, or of those the search matches. */
export function useLeadCounts(q: string): LeadCounts | undefined {
  const stats = useLeadStats();
  const searched = useQuery({
    queryKey: leadKeys.counts(q),
    queryFn: async ({ signal }): Promise<LeadCounts> => {
      const [all, qualified] = await Promise.all([fetchLeadCount({ status: 'all', q }, signal), fetchLeadCount({ status: 'qualified', q }, signal)]);
      return { all, qualified, unqualified: all - qualified };
    },
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  if (q) return searched.data;
  return stats.data && { all: stats.data.total, qualified: stats.data.qualified, unqualified: stats.data.unqualified };
}
