import type { Lead } from '@lead-desk/contracts';
import type { LeadView } from '../types';

/** Whether the server would list `lead` in `view`: the same filter, and the search over name, email and location. */
export function leadMatchesView(lead: Lead, view: LeadView): boolean {
  if (view.status === 'qualified' && !lead.qualified) return false;
  if (view.status === 'unqualified' && lead.qualified) return false;
  const term = view.q.trim().toLocaleLowerCase();
  if (!term) return true;
  return [lead.name, lead.email, lead.location].some((field) => field?.toLocaleLowerCase().includes(term));
}
