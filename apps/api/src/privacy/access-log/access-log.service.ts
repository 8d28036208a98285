import { Injectable } from '@nestjs/common';
import type { AccessLogAction, AccessLogEntry } from '@lead-desk/contracts';
import type { TransactionClient } from '../../database/prisma-client';
import { decodeLeadCursor, encodeLeadCursor } from '../../leads/lead-cursor';
import type { NewActivity } from '../../activity/activity-entry';
import { AccessLogRepository, type AccessLogFilter, type NewAccessLogEntry } from './access-log.repository';
import { auditedChanges } from './audited-changes';

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

  /** The access-log entries a lead's activity calls for (consent and Do Not Call changes), in the change's transaction. */
  recordChanges(entries: NewActivity[], db: Pick<TransactionClient, 'accessLogEntry'>): Promise<void> {
    return this.entries.append(auditedChanges(entries), db);
  }

  /** The newest entry of these actions whose details hold `value` under `key` (e.g. a merge by its id). */
  findLatestNaming(actions: AccessLogAction[], key: string, value: string) {
    return this.entries.findLatestNaming(actions, key, value);
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
