import type { CallEligibility, ConsentWithdrawal, LeadConsent, NewConsent } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

const leadPath = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}`;

/** Whether the agent may phone the lead now, and why not: what POST /api/calls would answer. */
export function fetchCallEligibility(leadId: string, signal?: AbortSignal): Promise<CallEligibility> {
  return apiJson(`${leadPath(leadId)}/call-eligibility`, { signal });
}

/** Newest first, withdrawn ones too. */
export function fetchLeadConsents(leadId: string, signal?: AbortSignal): Promise<LeadConsent[]> {
  return apiJson(`${leadPath(leadId)}/consents`, { signal });
}

export function recordConsent(leadId: string, consent: NewConsent): Promise<LeadConsent> {
  return apiJson(`${leadPath(leadId)}/consents`, { method: 'POST', body: consent });
}

export function withdrawConsent(leadId: string, consentId: string, withdrawal: ConsentWithdrawal = {}): Promise<LeadConsent> {
  return apiJson(`${leadPath(leadId)}/consents/${encodeURIComponent(consentId)}/withdraw`, { method: 'POST', body: withdrawal });
}
