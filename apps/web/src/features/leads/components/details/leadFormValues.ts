import type { Lead } from '@lead-desk/contracts';
import type { AddLeadValues } from '../addLeadSchema';

/** A stored lead as the lead form's inputs hold it: text for every field, a choice for the loan. */
export function leadFormValues(lead: Lead): Required<AddLeadValues> {
  return {
    name: lead.name,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    location: lead.location ?? '',
    interestedIn: lead.interestedIn ?? '',
    budget: lead.budget === null ? '' : String(lead.budget),
    timeline: lead.timeline ?? '',
    loan_needed: lead.loan_needed === null ? '' : lead.loan_needed ? 'yes' : 'no',
    qualified: lead.qualified,
  };
}
