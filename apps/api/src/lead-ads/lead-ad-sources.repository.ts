import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import type { LeadAdSource } from './lead-ad-channels';

/** Why a source's delivery was refused or could not become a lead (LeadSourceRefusal.reason). */
export type LeadAdRefusalReason = 'bad_signature' | 'bad_key' | 'rejected_payload' | 'graph_failure';

/** The ad platforms' built-in lead sources: their ids, and their refusals counted per reason. */
@Injectable()
export class LeadAdSourcesRepository {
  /** A source's row never goes away (an admin archives it), so its id is kept once known. */
  private readonly ids = new Map<string, string>();

  constructor(private readonly database: Database) {}

  /** The source's id, its row made if it is missing. */
  async idOf(source: LeadAdSource, tx?: TransactionClient): Promise<string> {
    const known = this.ids.get(source.name);
    if (known) return known;
    const write = (client: TransactionClient) =>
      client.leadSource.upsert({ where: { name: source.name }, create: { name: source.name, kind: source.kind }, update: {}, select: { id: true } });
    const { id } = tx ? await write(tx) : await this.database.transaction(write);
    this.ids.set(source.name, id);
    return id;
  }

  /** Counts a refusal of the source for `reason`, with its last error in words (never a credential or a body). */
  async recordRefusal(source: LeadAdSource, reason: LeadAdRefusalReason, lastError: string): Promise<void> {
    const sourceId = await this.idOf(source);
    const now = new Date();
    await this.database.transaction((tx) =>
      tx.leadSourceRefusal.upsert({
        where: { sourceId_reason: { sourceId, reason } },
        create: { sourceId, reason, count: 1, lastAt: now, lastError },
        update: { count: { increment: 1 }, lastAt: now, lastError },
      }),
    );
  }
}
