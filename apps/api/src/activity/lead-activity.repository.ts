import { Injectable } from '@nestjs/common';
import type { ActivityData, LeadActivity, LeadActivityType } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { UtcTimeText } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { newRowId } from '../database/row-id';
import { empty, join, sql } from '../database/sql';
import type { LeadCursor } from '../leads/lead-cursor';
import { AccessLog } from '../privacy/access-log/access-log.service';
import type { NewActivity } from './activity-entry';
import { LeadResponseTimesRepository } from '../leads/response-times/lead-response-times.repository';

type Db = Pick<TransactionClient, '$executeRaw' | 'accessLogEntry'>;

interface ActivityRow {
  id: string;
  leadId: string;
  type: LeadActivity['type'];
  at: UtcTimeText;
  actorId: string | null;
  actorName: string | null;
  data: string;
}

/**
 * The only place that queries lead_activities. The log is append-only: there is no
 * update or delete here, by design, but one: the retention purge blanks what WhatsApp
 * messages said, as it removes calls' transcripts (the entries themselves stay).
 */
@Injectable()
export class LeadActivityRepository {
  constructor(
    private readonly database: Database,
    private readonly accessLog: AccessLog,
    private readonly responseTimes: LeadResponseTimesRepository,
  ) {}

  /**
   * Appends entries in one statement, inside the caller's transaction (the change and
   * its entries commit together). Entries of one call share `at` and keep their order
   * through their ids, which sort in the order they are made.
   */
  async append(entries: NewActivity[], db: Db, at: Date = new Date()): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map((entry) => sql`(${newRowId()}, ${entry.leadId}, ${entry.type}, ${entry.actorId}, ${at}, ${JSON.stringify(entry.data)})`);
    await db.$executeRaw`INSERT INTO lead_activities (id, lead_id, type, actor_id, at, data) VALUES ${join(rows)}`;
    // Consent and Do Not Call changes are also the access log's, whichever path made them.
    await this.accessLog.recordChanges(entries, db);
    // An entry by the lead's owner may be its first answer to the lead.
    await this.responseTimes.recordOwnerActions(entries, at, db);
  }

  /**
   * Rewrites these leads' entries of one type as `rewrite` answers (null: left as it is), inside the
   * caller's transaction: the one change the log allows, the retention purge blanking what was said.
   */
  async rewriteEntries<Type extends LeadActivityType>(type: Type, leadIds: string[], rewrite: (data: ActivityData<Type>) => ActivityData<Type> | null, db: Pick<TransactionClient, '$executeRaw' | '$queryRaw'>): Promise<void> {
    if (leadIds.length === 0) return;
    const rows = await db.$queryRaw<{ id: string; data: string }[]>`
      SELECT id, data FROM lead_activities WHERE type = ${type} AND lead_id IN (${join(leadIds)})`;
    for (const row of rows) {
      const rewritten = rewrite(JSON.parse(row.data) as ActivityData<Type>);
      if (rewritten) await db.$executeRaw`UPDATE lead_activities SET data = ${JSON.stringify(rewritten)} WHERE id = ${row.id}`;
    }
  }

  /**
   * For each of these leads, the fields whose latest `updated` entry names a member of staff
   * (an edit or an import): what staff decided last, which a call's report leaves alone. An
   * entry without an actor is the voice agent's (or open mode's, where nobody is signed in).
   */
  async fieldsStaffEditedLast(leadIds: string[], db: Pick<TransactionClient, '$queryRaw'>): Promise<Map<string, Set<string>>> {
    const edited = new Map<string, Set<string>>();
    if (leadIds.length === 0) return edited;
    const rows = await db.$queryRaw<{ leadId: string; actorId: string | null; data: string }[]>`
      SELECT lead_id AS "leadId", actor_id AS "actorId", data FROM lead_activities
      WHERE lead_id IN (${join([...new Set(leadIds)])}) AND type = 'updated'
      ORDER BY at, id`;
    for (const row of rows) {
      const { field } = JSON.parse(row.data) as ActivityData<'updated'>;
      const fields = edited.get(row.leadId) ?? new Set<string>();
      if (row.actorId === null) fields.delete(field);
      else fields.add(field);
      edited.set(row.leadId, fields);
    }
    return edited;
  }

  /** A lead's entries, newest first, after `after`: a keyset page served by (lead_id, at DESC, id DESC). */
  async findPage(leadId: string, limit: number, after?: LeadCursor): Promise<LeadActivity[]> {
    const position = after ? sql`AND (a.at, a.id) < (${after.createdAt}, ${after.id})` : empty;
    const rows = await this.database.rows<ActivityRow>(sql`
      SELECT a.id, a.lead_id AS "leadId", a.type, a.at, a.actor_id AS "actorId", s.name AS "actorName", a.data
      FROM lead_activities a LEFT JOIN staff_users s ON s.id = a.actor_id
      WHERE a.lead_id = ${leadId} ${position}
      ORDER BY a.at DESC, a.id DESC LIMIT ${limit}`);
    return rows.map(
      (row) =>
        ({
          id: row.id,
          leadId: row.leadId,
          type: row.type,
          at: row.at,
          actor: row.actorId && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
          data: JSON.parse(row.data) as unknown,
        }) as LeadActivity,
    );
  }
}
