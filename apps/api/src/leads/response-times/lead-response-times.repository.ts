import { Injectable } from '@nestjs/common';
import type { NewActivity } from '../../activity/activity-entry';
import { Database } from '../../database/database';
import type { LeadResponseTime, ReadRow } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { join, raw, sql } from '../../database/sql';
import type { CallMilestones } from './call-milestones';
import { OWNER_ACTION_TYPES } from './owner-actions';

type Db = Pick<TransactionClient, '$executeRaw'>;

/** A lead's response-time row as a merge record keeps it (times as ISO text). */
export type KeptResponseTime = ReadRow<LeadResponseTime>;

/** A lead's arrival: its creation, or the source's own creation time where the source sends one. */
export interface LeadArrival {
  leadId: string;
  source: string;
  arrivedAt: Date;
}

type Milestone = 'first_attempt_at' | 'first_conversation_at';

/**
 * The only place that writes lead_response_times. Every write runs in the caller's transaction
 * (the lead, call or timeline entry that causes it commits with it), and each time is set once:
 * a conditional update (`… IS NULL`) never moves a time already there.
 */
@Injectable()
export class LeadResponseTimesRepository {
  constructor(private readonly database: Database) {}

  /** The rows of new leads (a lead written again, e.g. by a merge's undo, keeps the row it has). */
  async recordArrivals(arrivals: LeadArrival[], db: Db): Promise<void> {
    if (arrivals.length === 0) return;
    const rows = arrivals.map(({ leadId, source, arrivedAt }) => sql`(${leadId}, ${source}, ${arrivedAt})`);
    await db.$executeRaw`INSERT INTO lead_response_times (lead_id, source, arrived_at) VALUES ${join(rows)} ON CONFLICT (lead_id) DO NOTHING`;
  }

  /** The lead's row as it is, for a merge to keep while the lead is gone. */
  async keep(leadId: string, db: Pick<TransactionClient, 'leadResponseTime'>): Promise<KeptResponseTime | null> {
    const row = await db.leadResponseTime.findUnique({ where: { leadId } });
    return row ? (JSON.parse(JSON.stringify(row)) as KeptResponseTime) : null;
  }

  /** Writes a kept row back exactly as it was (over the arrival a lead's restore wrote for it). */
  async putBack(kept: KeptResponseTime, db: Pick<TransactionClient, 'leadResponseTime'>): Promise<void> {
    const time = (value: string | null) => (value === null ? null : new Date(value));
    const row = {
      source: kept.source,
      arrivedAt: new Date(kept.arrivedAt),
      firstAttemptAt: time(kept.firstAttemptAt),
      firstConversationAt: time(kept.firstConversationAt),
      firstOwnerActionAt: time(kept.firstOwnerActionAt),
    };
    await db.leadResponseTime.upsert({ where: { leadId: kept.leadId }, create: { leadId: kept.leadId, ...row }, update: row });
  }

  /** The first attempt and first conversation these calls make, per lead: the earliest of the batch, where none is set yet. */
  async recordCalls(milestones: CallMilestones[], db: Db): Promise<void> {
    await this.setFirst('first_attempt_at', earliestPerLead(milestones, 'attemptAt'), db);
    await this.setFirst('first_conversation_at', earliestPerLead(milestones, 'conversationAt'), db);
  }

  /**
   * The owner's first action: of these timeline entries, those of an answering kind (OWNER_ACTION_TYPES)
   * whose actor owns the lead now, in the transaction that writes them.
   */
  async recordOwnerActions(entries: NewActivity[], at: Date, db: Db): Promise<void> {
    const byActor = new Map<string, Set<string>>();
    for (const entry of entries) {
      if (!entry.actorId || !OWNER_ACTION_TYPES.has(entry.type)) continue;
      byActor.set(entry.actorId, (byActor.get(entry.actorId) ?? new Set()).add(entry.leadId));
    }
    for (const [actorId, leadIds] of byActor) await this.recordOwnerAction([...leadIds], actorId, at, db);
  }

  /** A call placed by a member of staff is an action by them: the owner's first, if they own the lead. */
  async recordOwnerAction(leadIds: string[], actorId: string, at: Date, db: Db): Promise<void> {
    if (leadIds.length === 0) return;
    await db.$executeRaw`
      UPDATE lead_response_times SET first_owner_action_at = ${at}
      WHERE first_owner_action_at IS NULL AND arrived_at <= ${at}
        AND lead_id IN (SELECT id FROM leads WHERE id IN (${join(leadIds)}) AND owner_id = ${actorId})`;
  }

  /** Sets `column` to each lead's time where it is empty, and only for a time at or after the lead's arrival. */
  private async setFirst(column: Milestone, times: Map<string, Date>, db: Db): Promise<void> {
    if (times.size === 0) return;
    const { dialect } = this.database;
    const rows = [...times].map(([leadId, at]) => sql`(${dialect.typed(leadId, 'text')}, ${dialect.typed(at, 'time')})`);
    await db.$executeRaw`
      WITH happened (lead_id, at) AS (VALUES ${join(rows)})
      UPDATE lead_response_times SET ${raw(column)} = happened.at
      FROM happened
      WHERE lead_response_times.lead_id = happened.lead_id AND lead_response_times.${raw(column)} IS NULL
        AND lead_response_times.arrived_at <= happened.at`;
  }
}

function earliestPerLead(milestones: CallMilestones[], field: 'attemptAt' | 'conversationAt'): Map<string, Date> {
  const earliest = new Map<string, Date>();
  for (const milestone of milestones) {
    const at = milestone[field];
    if (!at) continue;
    const known = earliest.get(milestone.leadId);
    if (!known || at < known) earliest.set(milestone.leadId, at);
  }
  return earliest;
}
