import type { SpeedToLeadQuery, SpeedToLeadReport } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export type ReportPeriod = Required<SpeedToLeadQuery>;

export function fetchSpeedToLead(period: ReportPeriod, signal?: AbortSignal): Promise<SpeedToLeadReport> {
  return apiJson(`/api/reports/speed-to-lead?${new URLSearchParams(period)}`, { signal });
}
