import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';

/** Why a source's delivery was refused, as counted: the Sources panel shows the newest. */
export type LeadSourceRefusalReason = 'revoked_key' | 'archived_source' | 'rejected_payload' | 'bad_signature' | 'bad_key' | 'graph_failure';

/** The only place that counts refused deliveries per source and reason (lead_source_refusals); never a body or a credential. */
@Injectable()
export class LeadSourceRefusalsRepository {
  constructor(private readonly database: Database) {}

  async count(sourceId: string, reason: LeadSourceRefusalReason, message: string, at = new Date()): Promise<void> {
    const lastError = message.slice(0, 500);
    await this.database.client.leadSourceRefusal.upsert({
      where: { sourceId_reason: { sourceId, reason } },
      create: { sourceId, reason, count: 1, lastAt: at, lastError },
      update: { count: { increment: 1 }, lastAt: at, lastError },
    });
  }

  /** The newest refusal of each source. */
  async newestBySource(): Promise<Map<string, { reason: string; message: string; at: Date }>> {
    const rows = await this.database.client.leadSourceRefusal.findMany({ orderBy: { lastAt: 'desc' } });
    const newest = new Map<string, { reason: string; message: string; at: Date }>();
    for (const row of rows) if (!newest.has(row.sourceId)) newest.set(row.sourceId, { reason: row.reason, message: row.lastError, at: row.lastAt });
    return newest;
  }
}
