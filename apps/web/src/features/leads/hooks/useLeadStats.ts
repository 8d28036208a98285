import { useQuery } from '@tanstack/react-query';
import { fetchLeadStats } from '../api/leadsApi';
import { leadKeys } from '../api/leadQueryKeys';
import { browserTimeZone } from '../utils/formatDateTime';

/** Totals, this and last month, and today's agent work, counted in the browser's time zone. */
export function useLeadStats() {
  const timeZone = browserTimeZone();
  return useQuery({ queryKey: leadKeys.stats(timeZone), queryFn: ({ signal }) => fetchLeadStats(timeZone, signal) });
}
