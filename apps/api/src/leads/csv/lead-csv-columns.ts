import type { Lead } from '@lead-desk/contracts';

/**
 * The columns of leads.csv, named as the API's JSON and the import name them: the twelve
 * of the seed first, then where the lead stands with the team, then the time of its
 * newest activity entry, which the server keeps (the import ignores it).
 */
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
  'stage',
  'owner',
  'tags',
  'lostReason',
  'consent',
  'doNotCall',
  'lastActivityAt',
] as const satisfies readonly (keyof Lead | 'consent' | 'lastActivityAt')[];

export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];
