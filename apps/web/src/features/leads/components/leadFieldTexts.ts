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
