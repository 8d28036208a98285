import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { LeadAdSource } from './lead-ad-channels';

/** Why a source's delivery was refused or could not become a lead (LeadSourceRefusal.reason). */
export type LeadAdRefusalReason = 'bad_signature' | 'bad_key' | 'rejected_payload' | 'graph_failure';

/** The ad platforms' refusals, counted per source and reason with the last one in words, for the Sources panel. */
@Injectable()
export class LeadSourceRefusalsRepository {
  constructor(private readonly database: Database) {}

  /** Counts one refusal; `lastError` never holds a credential or a body. */
  async record(source: LeadAdSource, reason: LeadAdRefusalReason, lastError: string): Promise<void> {
    const now = new Date();
    const sourceId = source.id;
    await this.database.transaction((tx) =>
      tx.leadSourceRefusal.upsert({
        where: { sourceId_reason: { sourceId, reason } },
        create: { sourceId, reason, count: 1, lastAt: now, lastError: lastError.slice(0, 500) },
        update: { count: { increment: 1 }, lastAt: now, lastError: lastError.slice(0, 500) },
      }),
    );
  }
}
