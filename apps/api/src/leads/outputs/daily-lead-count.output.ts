/** Leads created on one calendar day (in the time zone asked for). */
export interface DailyLeadCountOutput {
  date: string;
  qualified: number;
  unqualified: number;
}
