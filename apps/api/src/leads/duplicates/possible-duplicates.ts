import { Injectable } from '@nestjs/common';
import { activity, type NewActivity } from '../../activity/activity-entry';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import type { DuplicateReason } from '@lead-desk/contracts';
import { emailIdentityKey } from '../identity/email-identity-key';
import { locationKey } from '../identity/location-key';
import { nameKey } from '../identity/person-name';
import type { FoundDuplicate } from './duplicate-pair';
import { LeadDuplicatesRepository, type CloseNameCandidate } from './lead-duplicates.repository';

/** What a new lead is compared by: its full name and location, and its age among the others. */
export type NewLeadForDuplicates = Pick<Lead, 'id' | 'name' | 'location' | 'createdAt'>;

/**
 * Records the possible duplicates a write found, in its transaction: the pairs the identity
 * rule met (a record with another name over a lead's phone or email, or staff adding a lead
 * anyway), and for each new lead with a full name the first other lead with a close name
 * (nameKey) in the same location. Each pair stored now gets a `possible_duplicate` entry on
 * the flagged lead's timeline; a pair stored before, or dismissed, is left as it is.
 */
@Injectable()
export class PossibleDuplicates {
  constructor(private readonly duplicates: LeadDuplicatesRepository) {}

  async record(found: FoundDuplicate[], newLeads: NewLeadForDuplicates[], actorId: string | null, db: TransactionClient, now: Date): Promise<NewActivity[]> {
    const closeNames = await this.closeNamePairs(newLeads, db);
    const stored = await this.duplicates.insert([...found, ...closeNames], now, db);
    return stored.map(({ id, leadId, otherLeadId, reason }) => activity(leadId, 'possible_duplicate', { pairId: id, otherLeadId, reason }, actorId));
  }

  /**
   * Pairs leads stored before identity keys existed, as a new lead would be, without timeline
   * entries (nothing was written to those leads; the migration paired those that share a phone
   * or an email the same way): with the first lead of the same Gmail mailbox written another
   * way, and with the first of a close name in the same location.
   */
  async pairStoredLeads(leads: (NewLeadForDuplicates & Pick<Lead, 'email'>)[], db: TransactionClient, now: Date): Promise<void> {
    await this.duplicates.insert([...(await this.gmailVariantPairs(leads, db)), ...(await this.closeNamePairs(leads, db))], now, db);
  }

  private async gmailVariantPairs(leads: (NewLeadForDuplicates & Pick<Lead, 'email'>)[], db: TransactionClient): Promise<FoundDuplicate[]> {
    // An address that is its own key met its equals in the migration already.
    const keyed = leads.flatMap((lead) => {
      const key = lead.email && emailIdentityKey(lead.email);
      return key && key !== lead.email ? [{ lead, key }] : [];
    });
    const firsts = await this.duplicates.firstLeadsOfEmailKeys(keyed.map(({ key }) => key), db);
    return keyed.flatMap(({ lead, key }) => {
      const first = firsts.find((candidate) => candidate.emailKey === key && candidate.id !== lead.id);
      return first ? [agedPair(lead, first, first.email === lead.email ? 'same_email' : 'gmail_variant')] : [];
    });
  }

  private async closeNamePairs(newLeads: NewLeadForDuplicates[], db: TransactionClient): Promise<FoundDuplicate[]> {
    const keyed = newLeads.flatMap((lead) => {
      const keys = { nameKey: nameKey(lead.name), locationKey: locationKey(lead.location) };
      return keys.nameKey && keys.locationKey ? [{ lead, keys: { nameKey: keys.nameKey, locationKey: keys.locationKey } }] : [];
    });
    // Each name's first leads, as the database ordered them (by creation, then id).
    const firstsByKeys = new Map<string, CloseNameCandidate[]>();
    for (const candidate of await this.duplicates.firstLeadsOfCloseNames(keyed.map(({ keys }) => keys), db)) {
      const key = closeNameKey(candidate);
      firstsByKeys.set(key, [...(firstsByKeys.get(key) ?? []), candidate]);
    }
    return keyed.flatMap(({ lead, keys }) => {
      const first = firstsByKeys.get(closeNameKey(keys))?.find((candidate) => candidate.id !== lead.id);
      return first ? [agedPair(lead, first, 'close_name_same_location')] : [];
    });
  }
}

function closeNameKey({ nameKey, locationKey }: { nameKey: string; locationKey: string }): string {
  return `${nameKey}\n${locationKey}`;
}

/**
 * A pair whose later lead (by creation, then id) is the one flagged: a lead stored or imported
 * with an old creation time may be older than the one it meets.
 */
function agedPair(lead: { id: string; createdAt: Date }, other: { id: string; createdAt: Date }, reason: DuplicateReason): FoundDuplicate {
  const age = new Date(lead.createdAt).getTime() - new Date(other.createdAt).getTime();
  const leadIsLater = age > 0 || (age === 0 && lead.id > other.id);
  return leadIsLater ? { leadId: lead.id, otherLeadId: other.id, reason } : { leadId: other.id, otherLeadId: lead.id, reason };
}
