import type { ImportField } from '@lead-desk/contracts';

/** Header words of other CRMs and spreadsheets, compared without case, spaces or punctuation. */
const SYNONYMS: Record<string, ImportField> = {
  name: 'name',
  fullname: 'name',
  leadname: 'name',
  customername: 'name',
  contactname: 'name',
  firstname: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  consent: 'consent',
  consenttocontact: 'consent',
  consenttocall: 'consent',
  donotcall: 'doNotCall',
  dnc: 'doNotCall',
  dnd: 'doNotCall',
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
  stage: 'stage',
  status: 'stage',
  leadstage: 'stage',
  leadstatus: 'stage',
  pipelinestage: 'stage',
  lostreason: 'lostReason',
  tags: 'tags',
  tag: 'tags',
  labels: 'tags',
  owner: 'owner',
  leadowner: 'owner',
  assignedto: 'owner',
  assignee: 'owner',
  agent: 'owner',
  createdat: 'createdAt',
  created: 'createdAt',
  createdon: 'createdAt',
  date: 'createdAt',
};

/** "Budget (₹)" and "Budget (INR)" are one header: letters and digits only, lower-cased, the rupee sign read as INR. */
function headerKey(header: string): string {
  return header.toLowerCase().replaceAll('₹', 'inr').replace(/[^a-z0-9]/g, '');
}

/** The column a file's header names, or undefined for one we do not know. `_id` is only ever our own export's. */
export function importColumnOf(header: string): ImportField | undefined {
  const trimmed = header.trim();
  if (trimmed === '_id') return '_id';
  return SYNONYMS[headerKey(trimmed)];
}
