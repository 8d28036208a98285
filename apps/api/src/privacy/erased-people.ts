import { Inject, Injectable, Logger } from '@nestjs/common';
import { activity, type NewActivity } from '../activity/activity-entry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { TransactionClient } from '../database/prisma-client';
import { identifierHash, personKeysOfLead } from './person-key';

type Db = Pick<TransactionClient, 'erasedIdentifier' | 'lead'>;

/**
 * Recognises a person erased before when they come back (a new call, an import, a form):
 * the new lead is marked previouslyErased with an activity entry, so staff decide what to
 * do instead of the old record being silently rebuilt. Matches salted hashes only.
 */
@Injectable()
export class ErasedPeople {
  private readonly logger = new Logger(ErasedPeople.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The salted hashes of a lead's phone and email. */
  hashesOf(lead: { phone: string | null; email: string | null }): string[] {
    return personKeysOfLead(lead).map((key) => identifierHash(key, this.config.PRIVACY_HASH_SALT));
  }

  /**
   * Marks the new leads whose phone or email an erasure hashed, in the caller's transaction,
   * and answers their `previously_erased` entries for the caller to append with the rest.
   */
  async flagNewLeads(leads: { id: string; phone: string | null; email: string | null }[], db: Db, at: Date): Promise<NewActivity[]> {
    const hashesByLead = new Map(leads.map((lead) => [lead.id, this.hashesOf(lead)]));
    const allHashes = [...new Set([...hashesByLead.values()].flat())];
    if (allHashes.length === 0) return [];
    const erased = await db.erasedIdentifier.findMany({ where: { hash: { in: allHashes } }, select: { hash: true, erasureId: true } });
    if (erased.length === 0) return [];
    const erasuresByHash = new Map<string, string[]>();
    for (const { hash, erasureId } of erased) erasuresByHash.set(hash, [...(erasuresByHash.get(hash) ?? []), erasureId]);
    const entries: NewActivity[] = [];
    for (const [leadId, hashes] of hashesByLead) {
      const erasureIds = [...new Set(hashes.flatMap((hash) => erasuresByHash.get(hash) ?? []))];
      if (erasureIds.length > 0) entries.push(activity(leadId, 'previously_erased', { erasureIds }));
    }
    await db.lead.updateMany({ where: { id: { in: entries.map(({ leadId }) => leadId) } }, data: { previouslyErasedAt: at } });
    this.logger.warn({ leadIds: entries.map(({ leadId }) => leadId) }, 'A person erased before came back: leads marked previously erased');
    return entries;
  }
}
