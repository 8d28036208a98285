import type { Lead } from '@lead-desk/contracts';

/** The twelve columns of leads.csv, named as the API's JSON names them. */
export const LEAD_CSV_COLUMNS = [
  '_id',
  'name',
  'email',
  'location',
  'qualified',
  'createdAt',
  'source',
  'phone',
  'interestedIn',
  'budget',
  'timeline',
  'loan_needed',
] as const satisfies readonly (keyof Lead)[];

export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];
