import type { Lead } from '../../database/models';
import { LeadIdentities } from '../lead-identity';
import type { LeadsRepository } from '../leads.repository';

/**
 * The lead a phone number alone names, by the identity rule: with no name to tell people apart,
 * the oldest lead with that number (a caller, a WhatsApp sender whose profile name is no name they gave us).
 */
export async function leadWithPhone(leads: LeadsRepository, phone: string, db?: Parameters<LeadsRepository['findIdentities']>[1]): Promise<Lead | null> {
  const candidates = await leads.findIdentities({ ids: [], emailKeys: [], phones: [phone] }, db);
  const match = new LeadIdentities(candidates).match({ phone });
  return match?.kind === 'same' ? (candidates.find(({ id }) => id === match.lead.id) ?? null) : null;
}
