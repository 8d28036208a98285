import type { Lead } from '../../generated/sqlite/client';

/** A lead as the API's JSON names it (the names the dashboard and CSV files use). */
export interface LeadOutput {
  _id: string;
  name: string;
  email: string | null;
  location: string | null;
  qualified: boolean;
  createdAt: string;
  source: string;
  phone: string | null;
  interestedIn: string | null;
  budget: number | string | null;
  timeline: string | null;
  loan_needed: boolean | null;
  updatedAt: string;
}

export function toLeadOutput(lead: Lead): LeadOutput {
  return {
    _id: lead.id,
    name: lead.name,
    email: lead.email,
    location: lead.location,
    qualified: lead.qualified,
    createdAt: lead.createdAt.toISOString(),
    source: lead.source,
    phone: lead.phone,
    interestedIn: lead.interestedIn,
    budget: lead.budgetAmount ?? lead.budgetText,
    timeline: lead.timeline,
    loan_needed: lead.loanNeeded,
    updatedAt: lead.updatedAt.toISOString(),
  };
}
