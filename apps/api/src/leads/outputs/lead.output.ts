import { leadSchema, type Lead } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { Lead as LeadRecord } from '../../database/models';

export class LeadOutput extends createZodDto(leadSchema) {}

/** A stored lead under the names the API's JSON gives it (the names the dashboard and CSV files use). */
export function toLeadOutput(lead: LeadRecord): Lead {
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
