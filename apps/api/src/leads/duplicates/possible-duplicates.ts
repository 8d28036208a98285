import { Injectable } from '@nestjs/common';
import { activity, type NewActivity } from '../../activity/activity-entry';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
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
   * Pairs stored leads with a close name in the same location, without timeline entries:
   * nothing was written to those leads (the upgrade's backfill, like the migration pairing
   * stored leads that share a phone or email).
   */
  async pairStoredCloseNames(leads: NewLeadForDuplicates[], db: TransactionClient, now: Date): Promise<void> {
    await this.duplicates.insert(await this.closeNamePairs(leads, db), now, db);
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
      if (!first) return [];
      // The later of the two is the one flagged: an imported lead may be older than the one it meets.
      const [later, earlier] = oldest([first, { ...lead, ...keys }]) === first ? [lead.id, first.id] : [first.id, lead.id];
      return [{ leadId: later, otherLeadId: earlier, reason: 'close_name_same_location' as const }];
    });
  }
}

function closeNameKey({ nameKey, locationKey }: { nameKey: string; locationKey: string }): string {
  return `${nameKey}\n${locationKey}`;
}

/** The first lead stored, as the database orders them: by creation time, then id. */
function oldest(leads: CloseNameCandidate[]): CloseNameCandidate | undefined {
  const time = (lead: CloseNameCandidate) => new Date(lead.createdAt).getTime();
  return leads.reduce<CloseNameCandidate | undefined>((first, lead) => (!first || time(lead) < time(first) || (time(lead) === time(first) && lead.id < first.id) ? lead : first), undefined);
}
