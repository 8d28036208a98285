import { Injectable } from '@nestjs/common';
import type { AccessLogEntry } from '@lead-desk/contracts';
import type { TransactionClient } from '../../database/prisma-client';
import { decodeLeadCursor, encodeLeadCursor } from '../../leads/lead-cursor';
import { AccessLogRepository, type AccessLogFilter, type NewAccessLogEntry } from './access-log.repository';

export interface AccessLogPage {
  entries: AccessLogEntry[];
  nextCursor: string | null;
}

/**
 * The access log: who read, exported or changed personal data. Every module that does so
 * writes here; in the transaction of the change where there is one, so a change and its
 * entry commit together.
 */
@Injectable()
export class AccessLog {
  constructor(private readonly entries: AccessLogRepository) {}

  record(entry: NewAccessLogEntry, db?: Pick<TransactionClient, 'accessLogEntry'>): Promise<void> {
    return this.entries.append([entry], db);
  }

  /** For the consent branch's PATCH doNotCall and scrub lists: who changed a lead's Do Not Call, to what (no reason text: it may name the person). */
  recordDoNotCallChange(
    change: { actorId: string | null; leadId: string; doNotCall: boolean; by: 'staff' | 'call' | 'scrub-list' },
    db: Pick<TransactionClient, 'accessLogEntry'>,
  ): Promise<void> {
    return this.record({ actorId: change.actorId, action: 'do_not_call_changed', leadId: change.leadId, details: { doNotCall: change.doNotCall, by: change.by } }, db);
  }

  /** For the consent branch: a consent given or withdrawn on a lead, by the consent record's id. */
  recordConsentChange(
    change: { actorId: string | null; leadId: string; consentId: string; change: 'given' | 'withdrawn'; channel: string },
    db: Pick<TransactionClient, 'accessLogEntry'>,
  ): Promise<void> {
    return this.record(
      { actorId: change.actorId, action: 'consent_changed', leadId: change.leadId, targetIds: [change.consentId], details: { change: change.change, channel: change.channel } },
      db,
    );
  }

  async page(filter: AccessLogFilter, limit: number, cursor?: string): Promise<AccessLogPage> {
    const after = cursor ? decodeLeadCursor(cursor) : undefined;
    const rows = await this.entries.findPage(filter, limit + 1, after);
    const hasMore = rows.length > limit;
    const entries = hasMore ? rows.slice(0, limit) : rows;
    const last = entries.at(-1);
    return { entries, nextCursor: hasMore && last ? encodeLeadCursor({ createdAt: new Date(last.at), id: last.id }) : null };
  }
}
