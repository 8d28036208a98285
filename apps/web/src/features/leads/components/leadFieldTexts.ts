import { formatBudget } from '../utils/formatBudget';

// The lead's field labels, shared by the card and the details panel so both name a field alike.

export const LEAD_FIELD_TEXT = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  location: 'Location',
  interestedIn: 'Property interest',
  budget: 'Budget',
  timeline: 'Timeline',
  loan: 'Loan',
  qualified: 'Qualified',
  source: 'Source',
  created: 'Created',
  updated: 'Updated',
  notGiven: 'Not given',
};

const LOAN_TEXT = { yes: 'Needed', no: 'Not needed', unknown: 'Not known' };

export function loanText(loanNeeded: boolean | null): string {
  if (loanNeeded === null) return LOAN_TEXT.unknown;
  return loanNeeded ? LOAN_TEXT.yes : LOAN_TEXT.no;
}

/** A lead's own fields by their JSON names. */
export type LeadJsonField = 'name' | 'email' | 'phone' | 'location' | 'qualified' | 'source' | 'interestedIn' | 'budget' | 'timeline' | 'loan_needed';

/** Those fields as the timeline, the import's preview and the merge name them. */
export const LEAD_JSON_FIELD_TEXT: Record<LeadJsonField, string> = {
  name: LEAD_FIELD_TEXT.name,
  email: LEAD_FIELD_TEXT.email,
  phone: LEAD_FIELD_TEXT.phone,
  location: LEAD_FIELD_TEXT.location,
  qualified: LEAD_FIELD_TEXT.qualified,
  source: LEAD_FIELD_TEXT.source,
  interestedIn: LEAD_FIELD_TEXT.interestedIn,
  budget: LEAD_FIELD_TEXT.budget,
  timeline: LEAD_FIELD_TEXT.timeline,
  loan_needed: LEAD_FIELD_TEXT.loan,
};

/** A value of one of those fields in words: a loan as needed or not, a budget in rupees, Yes or No, "Not given" for none. */
export function fieldValueText(field: string, value: string | number | boolean | null): string {
  if (field === 'loan_needed' && (typeof value === 'boolean' || value === null)) return loanText(value);
  if (value === null || value === '') return LEAD_FIELD_TEXT.notGiven;
  if (field === 'budget' && typeof value !== 'boolean') return formatBudget(value) ?? LEAD_FIELD_TEXT.notGiven;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
