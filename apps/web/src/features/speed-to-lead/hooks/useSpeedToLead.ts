import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leadKeys } from '../../leads';
import { fetchSpeedToLead, type ReportPeriod } from '../api/speedToLeadApi';

/** The report of a period; the live stream refreshes it when leads arrive and calls are placed or connect. */
export function useSpeedToLead(period: ReportPeriod) {
  return useQuery({ queryKey: leadKeys.speedToLead(period), queryFn: ({ signal }) => fetchSpeedToLead(period, signal), placeholderData: keepPreviousData });
}
