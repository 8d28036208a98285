export interface LeadStatsOutput {
  total: number;
  qualified: number;
  unqualified: number;
  thisMonth: number;
  lastMonth: number;
  unqualifiedThisMonth: number;
  unqualifiedLastMonth: number;
  processedToday: number;
}
