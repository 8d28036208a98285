import { useQuery } from '@tanstack/react-query';
import { fetchDailyLeadCounts } from '../api/leadsApi';
import { leadKeys } from '../api/leadQueryKeys';
import { browserTimeZone } from '../utils/formatDateTime';

export const CHART_DAYS = 30;

/** Qualified and unqualified leads per day over the last 30 days, in the browser's time zone. */
export function useDailyLeadCounts() {
  const timeZone = browserTimeZone();
  return useQuery({ queryKey: leadKeys.daily(timeZone), queryFn: ({ signal }) => fetchDailyLeadCounts(timeZone, CHART_DAYS, signal) });
}
