import { leadConsentSchema, type ConsentChannel, type ConsentEvidence, type LeadConsent } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { LeadConsent as LeadConsentRecord } from '../../database/models';

export class LeadConsentOutput extends createZodDto(leadConsentSchema) {}

export function toLeadConsentOutput(consent: LeadConsentRecord): LeadConsent {
  return {
    id: consent.id,
    leadId: consent.leadId,
    channel: consent.channel as ConsentChannel,
    purpose: consent.purpose,
    wording: consent.wording,
    givenAt: consent.givenAt.toISOString(),
    evidence: JSON.parse(consent.evidence) as ConsentEvidence,
    withdrawnAt: consent.withdrawnAt?.toISOString() ?? null,
    withdrawnVia: (consent.withdrawnVia as ConsentChannel | null) ?? null,
    withdrawnEvidence: consent.withdrawnEvidence === null ? null : (JSON.parse(consent.withdrawnEvidence) as ConsentEvidence),
  };
}
