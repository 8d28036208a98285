import { Injectable } from '@nestjs/common';
import type { AccessLogAction, AccessLogEntry } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import type { UtcTimeText } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { empty, join, sql, type Sql } from '../../database/sql';
import type { LeadCursor } from '../../leads/lead-cursor';

/** An entry about to be appended: ids, filters and counts only. */
export interface NewAccessLogEntry {
  actorId: string | null;
  action: AccessLogAction;
  leadId?: string | null;
  targetIds?: string[];
  details?: Record<string, unknown>;
}

export interface AccessLogFilter {
  actorId?: string;
  action?: AccessLogAction;
  leadId?: string;
}

interface AccessLogRow {
  id: string;
  at: UtcTimeText;
  actorId: string | null;
  actorName: string | null;
  action: AccessLogAction;
  leadId: string | null;
  targetIds: string;
  details: string;
}

/** The only place that queries access_log. Append-only: no update or delete here, by design. */
@Injectable()
export class AccessLogRepository {
  constructor(private readonly database: Database) {}

  async append(entries: NewAccessLogEntry[], db: Pick<TransactionClient, 'accessLogEntry'> = this.database.client): Promise<void> {
    if (entries.length === 0) return;
    await db.accessLogEntry.createMany({
      data: entries.map((entry) => ({
        actorId: entry.actorId,
        action: entry.action,
        leadId: entry.leadId ?? null,
        targetIds: JSON.stringify(entry.targetIds ?? []),
        details: JSON.stringify(entry.details ?? {}),
      })),
    });
  }

  /**
   * The newest entry of these actions whose details hold `value` under `key`: how a record gone
   * since (a merge undone or purged) is still told from one that never was. The actions' entries
   * are read through their index; a merge's are few.
   */
  async findLatestNaming(actions: AccessLogAction[], key: string, value: string): Promise<{ action: AccessLogAction; at: Date; leadId: string | null } | null> {
    const entries = await this.database.client.accessLogEntry.findMany({
      where: { action: { in: actions }, details: { contains: `"${key}":${JSON.stringify(value)}` } },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      select: { action: true, at: true, leadId: true, details: true },
    });
    const entry = entries.find(({ details }) => (JSON.parse(details) as Record<string, unknown>)[key] === value);
    return entry ? { action: entry.action as AccessLogAction, at: entry.at, leadId: entry.leadId } : null;
  }

  /** Newest first after `after`, a keyset page served by the (filter column, at, id) indexes. */
  async findPage(filter: AccessLogFilter, limit: number, after?: LeadCursor): Promise<AccessLogEntry[]> {
    const conditions: Sql[] = [];
    if (filter.actorId) conditions.push(sql`l.actor_id = ${filter.actorId}`);
    if (filter.action) conditions.push(sql`l.action = ${filter.action}`);
    if (filter.leadId) conditions.push(sql`l.lead_id = ${filter.leadId}`);
    if (after) conditions.push(sql`(l.at, l.id) < (${after.createdAt}, ${after.id})`);
    const where = conditions.length ? sql`WHERE ${join(conditions, ' AND ')}` : empty;
    const rows = await this.database.rows<AccessLogRow>(sql`
      SELECT l.id, l.at, l.actor_id AS "actorId", s.name AS "actorName", l.action, l.lead_id AS "leadId", l.target_ids AS "targetIds", l.details
      FROM access_log l LEFT JOIN staff_users s ON s.id = l.actor_id
      ${where}
      ORDER BY l.at DESC, l.id DESC LIMIT ${limit}`);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actorId ? { id: row.actorId, name: row.actorName } : null,
      action: row.action,
      leadId: row.leadId,
      targetIds: JSON.parse(row.targetIds) as string[],
      details: JSON.parse(row.details) as Record<string, unknown>,
    }));
  }
}
