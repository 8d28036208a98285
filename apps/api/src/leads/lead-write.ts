import type { ValidLead } from './inputs/lead-input';
import type { LeadColumns } from './lead-columns';
import { DEFAULT_SOURCE } from './lead-sources';

/** The columns a new lead is written with. */
export function toLeadWrite(lead: ValidLead): Required<LeadColumns> {
  return {
    name: lead.name,
    email: lead.email ?? null,
    phone: lead.phone ?? null,
    location: lead.location ?? null,
    qualified: lead.qualified ?? false,
    source: lead.source ?? DEFAULT_SOURCE,
    interestedIn: lead.interestedIn ?? null,
    ...budgetColumns(lead.budget),
    timeline: lead.timeline ?? null,
    loanNeeded: lead.loan_needed ?? null,
  };
}

/** Only what the input says changes; what it leaves out stays as it was. */
export function toLeadChanges(lead: ValidLead): LeadColumns {
  const changes: LeadColumns = { name: lead.name };
  if (lead.email !== undefined) changes.email = lead.email;
  if (lead.phone !== undefined) changes.phone = lead.phone;
  if (lead.location !== undefined) changes.location = lead.location;
  if (lead.qualified !== undefined) changes.qualified = lead.qualified;
  if (lead.source !== undefined) changes.source = lead.source ?? DEFAULT_SOURCE;
  if (lead.interestedIn !== undefined) changes.interestedIn = lead.interestedIn;
  if (lead.budget !== undefined) Object.assign(changes, budgetColumns(lead.budget));
  if (lead.timeline !== undefined) changes.timeline = lead.timeline;
  if (lead.loan_needed !== undefined) changes.loanNeeded = lead.loan_needed;
  return changes;
}

/** A budget is kept as lead input read it (budgetFromText): numbers and text in their own columns. */
function budgetColumns(budget: number | string | null | undefined) {
  return {
    budgetAmount: typeof budget === 'number' ? budget : null,
    budgetText: typeof budget === 'string' ? budget : null,
  };
}
