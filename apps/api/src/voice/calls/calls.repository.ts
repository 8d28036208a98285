import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { Call, CallUncheckedCreateInput } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { join, sql } from '../../database/sql';
import { callMilestones, type CallMilestones } from '../../leads/response-times/call-milestones';
import { LeadResponseTimesRepository } from '../../leads/response-times/lead-response-times.repository';

export type CallFields = Omit<CallUncheckedCreateInput, 'id' | 'vapiCallId' | 'createdAt' | 'updatedAt'>;
/** Every column of a call record but its identity and timestamps. */
export type CallColumns = Omit<Call, 'id' | 'vapiCallId' | 'createdAt' | 'updatedAt'>;

/** The lock of one platform call (CallsRepository.lockCall), for a transaction that takes it with others in one statement. */
export const callLockKey = (vapiCallId: string) => `call:${vapiCallId}`;

/** The only place that queries call records. */
@Injectable()
export class CallsRepository {
  constructor(
    private readonly database: Database,
    private readonly responseTimes: LeadResponseTimesRepository,
  ) {}

  findById(id: string): Promise<Call | null> {
    return this.database.client.call.findUnique({ where: { id } });
  }

  /** Calls with the owner of their lead (who may see them), for live events. */
  findByIdsWithLeadOwner(ids: string[]) {
    return this.database.client.call.findMany({ where: { id: { in: ids } }, include: { lead: { select: { ownerId: true } } } });
  }

  /** The summary of the lead's latest call that has one (read by the lead's calls index, newest first). */
  async lastSummaryOf(leadId: string): Promise<string | null> {
    const call = await this.database.client.call.findFirst({ where: { leadId, summary: { not: null } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { summary: true } });
    return call?.summary ?? null;
  }

  findByVapiIds(vapiCallIds: string[], tx: Pick<TransactionClient, 'call'>): Promise<Call[]> {
    return tx.call.findMany({ where: { vapiCallId: { in: [...new Set(vapiCallIds)] } } });
  }

  /**
   * Holds, until the transaction ends, a lock on one platform call, so that its
   * deliveries (reports, status updates, the outbound answer) apply one after another
   * and each reads what the previous one wrote.
   */
  lockCall(vapiCallId: string, tx: TransactionClient): Promise<void> {
    return this.lockCalls([vapiCallId], tx);
  }

  /** The locks of several calls, in one statement, in sorted order (two transactions never wait on each other). */
  lockCalls(vapiCallIds: string[], tx: TransactionClient): Promise<void> {
    return this.database.lock(vapiCallIds.map(callLockKey), tx);
  }

  /**
   * One row per platform call id (its unique constraint). Writes take a transaction:
   * on SQLite a statement outside one would join whatever transaction is open on the
   * shared connection, and vanish if that one rolls back. The call's lead gets its first attempt or
   * conversation from it, and, when `placedBy` owns the lead, its owner's first action.
   */
  async upsert(vapiCallId: string, create: CallFields, update: Partial<CallFields>, tx: TransactionClient, placedBy: string | null = null): Promise<Call> {
    const call = await tx.call.upsert({ where: { vapiCallId }, create: { vapiCallId, ...create }, update });
    await this.responseTimes.recordCalls(milestonesOf([call]), tx);
    if (placedBy && call.leadId) await this.responseTimes.recordOwnerAction([call.leadId], placedBy, call.updatedAt, tx);
    return call;
  }

  /**
   * Writes whole call records in one statement: a platform call id not stored yet is
   * inserted, a stored one overwritten (its id and creation time kept). The caller
   * holds the calls' locks and read them in the same transaction.
   */
  async upsertMany(calls: Call[], tx: TransactionClient): Promise<void> {
    if (calls.length === 0) return;
    const rows = calls.map(
      (call) => sql`(${call.id}, ${call.vapiCallId}, ${call.leadId}, ${call.type}, ${call.status}, ${call.endedReason},
        ${call.customerNumber}, ${call.startedAt}, ${call.endedAt}, ${call.durationSeconds}, ${call.cost}, ${call.summary},
        ${call.transcript}, ${call.recordingUrl}, ${call.structuredData}, ${call.structuredOutputs}, ${call.successEvaluation}, ${call.createdAt}, ${call.updatedAt})`,
    );
    await tx.$executeRaw`
      INSERT INTO calls (id, vapi_call_id, lead_id, type, status, ended_reason, customer_number, started_at, ended_at,
        duration_seconds, cost, summary, transcript, recording_url, structured_data, structured_outputs, success_evaluation, created_at, updated_at)
      VALUES ${join(rows)}
      ON CONFLICT (vapi_call_id) DO UPDATE SET lead_id = excluded.lead_id, type = excluded.type, status = excluded.status,
        ended_reason = excluded.ended_reason, customer_number = excluded.customer_number, started_at = excluded.started_at,
        ended_at = excluded.ended_at, duration_seconds = excluded.duration_seconds, cost = excluded.cost,
        summary = excluded.summary, transcript = excluded.transcript, recording_url = excluded.recording_url,
        structured_data = excluded.structured_data, structured_outputs = excluded.structured_outputs,
        success_evaluation = excluded.success_evaluation, updated_at = excluded.updated_at`;
    await this.responseTimes.recordCalls(milestonesOf(calls), tx);
  }
}

function milestonesOf(calls: Call[]): CallMilestones[] {
  return calls.map(callMilestones).filter((milestones) => milestones !== null);
}
