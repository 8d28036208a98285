import type { LeadCsvColumn } from './lead-csv-columns';

/**
 * Where an imported column's cells go: a column of leads.csv, one half of a name that
 * another CRM splits, or a budget column that holds amounts in rupees.
 */
export type ImportColumn = LeadCsvColumn | 'firstName' | 'lastName' | 'budgetInRupees' | ContactColumn;

/** Columns about contacting the person rather than the lead's fields: a consent to record, Do Not Call to set. */
export type ContactColumn = 'consent' | 'doNotCall';

/** Header words of other CRMs and spreadsheets, compared without case, spaces or punctuation. */
const SYNONYMS: Record<string, ImportColumn> = {
  name: 'name',
  fullname: 'name',
  leadname: 'name',
  customername: 'name',
  contactname: 'name',
  firstname: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  emailid: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  phoneno: 'phone',
  mobile: 'phone',
  mobileno: 'phone',
  mobilenumber: 'phone',
  contactnumber: 'phone',
  contactno: 'phone',
  whatsapp: 'phone',
  whatsappnumber: 'phone',
  location: 'location',
  city: 'location',
  locality: 'location',
  interestedin: 'interestedIn',
  propertytype: 'interestedIn',
  requirement: 'interestedIn',
  budget: 'budget',
  budgetinr: 'budgetInRupees',
  budgetrs: 'budgetInRupees',
  budgetrupees: 'budgetInRupees',
  timeline: 'timeline',
  loanneeded: 'loan_needed',
  qualified: 'qualified',
  source: 'source',
  leadsource: 'source',
  createdat: 'createdAt',
  created: 'createdAt',
  createdon: 'createdAt',
  date: 'createdAt',
  consent: 'consent',
  consenttocontact: 'consent',
  consenttocall: 'consent',
  donotcall: 'doNotCall',
  dnc: 'doNotCall',
  dnd: 'doNotCall',
};

/** "Budget (₹)" and "Budget (INR)" are one header: letters and digits only, lower-cased, the rupee sign read as INR. */
function headerKey(header: string): string {
  return header.toLowerCase().replaceAll('₹', 'inr').replace(/[^a-z0-9]/g, '');
}

/** The column a file's header names, or undefined for one we do not know. `_id` is only ever our own export's. */
export function importColumnOf(header: string): ImportColumn | undefined {
  const trimmed = header.trim();
  if (trimmed === '_id') return '_id';
  return SYNONYMS[headerKey(trimmed)];
}
