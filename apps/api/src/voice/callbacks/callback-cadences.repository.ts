import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { CallAttempt, StoredCallbackCadence } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'callbackCadence' | 'callAttempt'>;

/** A lead's open cadence and the time of its next call, if one is scheduled. */
export interface OpenCadence {
  id: string;
  nextCallAt: Date | null;
}

export type AttemptWithCadence = CallAttempt & { cadence: StoredCallbackCadence };

/**
 * The only place that queries callback_cadences and call_attempts. Every change of an
 * attempt's state is a conditional write (`WHERE id AND state …`): of several processes on
 * one database, exactly one sees its write change a row, and only that one acts on it.
 */
@Injectable()
export class CallbackCadencesRepository {
  constructor(private readonly database: Database) {}

  /** The lead's open cadence (at most one: open_lead_id is unique) and the time of its next call, if one is scheduled. */
  async findOpen(leadId: string, db: Db): Promise<OpenCadence | null> {
    const cadence = await db.callbackCadence.findUnique({
      where: { openLeadId: leadId },
      select: { id: true, attempts: { where: { state: 'scheduled' }, orderBy: { number: 'asc' }, take: 1, select: { dueAt: true } } },
    });
    return cadence && { id: cadence.id, nextCallAt: cadence.attempts[0]?.dueAt ?? null };
  }

  /** The lead's open cadence whole, to end it. */
  findOpenCadence(leadId: string, db: Db): Promise<StoredCallbackCadence | null> {
    return db.callbackCadence.findUnique({ where: { openLeadId: leadId } });
  }

  /** The open cadences of these leads, in one statement (a bulk batch's leads: usually none). */
  findOpenCadences(leadIds: string[], db: Db): Promise<StoredCallbackCadence[]> {
    if (leadIds.length === 0) return Promise.resolve([]);
    return db.callbackCadence.findMany({ where: { openLeadId: { in: leadIds } } });
  }

  /** An open cadence of any lead with this phone (E.164), if one is. */
  async findOpenForPhone(phone: string, db: Db): Promise<OpenCadence | null> {
    const cadence = await db.callbackCadence.findFirst({
      where: { state: 'open', lead: { phone } },
      select: { id: true, attempts: { where: { state: 'scheduled' }, orderBy: { number: 'asc' }, take: 1, select: { dueAt: true } } },
    });
    return cadence && { id: cadence.id, nextCallAt: cadence.attempts[0]?.dueAt ?? null };
  }

  /**
   * Opens the lead's cadence with its first attempt due at `dueAt`, in the caller's
   * transaction (the intake's). The unique open_lead_id refuses a second open cadence of the
   * same lead; the caller holds the lead's identity lock and asks `findOpen` first.
   */
  async begin(
    leadId: string,
    { source, steps, preferredAt, dueAt, note }: { source: string; steps: string; preferredAt: Date | null; dueAt: Date; note: string | null },
    db: Db,
  ): Promise<OpenCadence> {
    const cadence = await db.callbackCadence.create({
      data: { leadId, openLeadId: leadId, source, steps, preferredAt, attempts: { create: { leadId, number: 1, dueAt, note } } },
      select: { id: true },
    });
    return { id: cadence.id, nextCallAt: dueAt };
  }

  /** Attempts due by `now`, earliest first. */
  findDue(now: Date, limit: number): Promise<{ id: string }[]> {
    return this.database.client.callAttempt.findMany({
      where: { state: 'scheduled', dueAt: { lte: now } },
      select: { id: true },
      orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /** Attempts left dialing since before `claimedBefore`: their process died, or gave up without knowing whether the call was made. */
  findStaleDialing(claimedBefore: Date): Promise<CallAttempt[]> {
    return this.database.client.callAttempt.findMany({ where: { state: 'dialing', claimedAt: { lt: claimedBefore } }, orderBy: { claimedAt: 'asc' } });
  }

  findWithCadence(id: string, db: Db = this.database.client): Promise<AttemptWithCadence | null> {
    return db.callAttempt.findUnique({ where: { id }, include: { cadence: true } });
  }

  /** scheduled → dialing for this process; false when another process claimed it first (or it was cancelled). */
  async claim(id: string, processId: string, now: Date): Promise<boolean> {
    const { count } = await this.database.transaction((tx) =>
      tx.callAttempt.updateMany({ where: { id, state: 'scheduled', dueAt: { lte: now } }, data: { state: 'dialing', claimedBy: processId, claimedAt: now } }),
    );
    return count === 1;
  }

  /**
   * Takes over reconciling an attempt left dialing: only if it is still as it was read (the
   * same claimer). Its claim time stays: it is the moment from which Vapi's calls are asked for.
   */
  async claimReconciliation(attempt: CallAttempt, processId: string): Promise<boolean> {
    const { count } = await this.database.transaction((tx) =>
      tx.callAttempt.updateMany({ where: { id: attempt.id, state: 'dialing', claimedBy: attempt.claimedBy }, data: { claimedBy: processId } }),
    );
    return count === 1;
  }

  /** dialing (held by this process) → another state; false when it no longer holds it. */
  async settleClaim(id: string, processId: string, data: { state: string; vapiCallId?: string; note?: string | null; dueAt?: Date }, db: Db): Promise<boolean> {
    const release = data.state === 'scheduled' ? { claimedBy: null, claimedAt: null } : {};
    const { count } = await db.callAttempt.updateMany({ where: { id, state: 'dialing', claimedBy: processId }, data: { ...data, ...release } });
    return count === 1;
  }

  /** The placed attempts of these calls, with their cadences. */
  findPlacedByVapiIds(vapiCallIds: string[], db: Db): Promise<AttemptWithCadence[]> {
    if (vapiCallIds.length === 0) return Promise.resolve([]);
    return db.callAttempt.findMany({ where: { vapiCallId: { in: vapiCallIds }, state: 'placed' }, include: { cadence: true } });
  }

  /** placed → its outcome; false when another delivery settled it already. */
  async settleOutcome(id: string, state: 'answered' | 'unanswered' | 'failed', endedReason: string, db: Db): Promise<boolean> {
    const { count } = await db.callAttempt.updateMany({ where: { id, state: 'placed' }, data: { state, endedReason } });
    return count === 1;
  }

  scheduleAttempt(cadence: StoredCallbackCadence, number: number, dueAt: Date, db: Db): Promise<CallAttempt> {
    return db.callAttempt.create({ data: { cadenceId: cadence.id, leadId: cadence.leadId, number, dueAt } });
  }

  /** open → reached, stopped or exhausted; false when it had ended already. The lead may get a new cadence after. */
  async end(cadenceId: string, state: 'reached' | 'stopped' | 'exhausted', reason: string | null, now: Date, db: Db): Promise<boolean> {
    const { count } = await db.callbackCadence.updateMany({
      where: { id: cadenceId, state: 'open' },
      data: { state, stopReason: reason, endedAt: now, openLeadId: null },
    });
    return count === 1;
  }

  /** Cancels the cadence's attempts that wait to be dialled; answers their numbers. */
  async cancelScheduled(cadenceId: string, note: string, db: Db): Promise<number[]> {
    const waiting = await db.callAttempt.findMany({ where: { cadenceId, state: 'scheduled' }, select: { number: true } });
    if (waiting.length === 0) return [];
    await db.callAttempt.updateMany({ where: { cadenceId, state: 'scheduled' }, data: { state: 'cancelled', note } });
    return waiting.map(({ number }) => number);
  }

  /** Vapi call ids already tied to one of the cadence's attempts. */
  async knownCallIds(cadenceId: string): Promise<Set<string>> {
    const rows = await this.database.client.callAttempt.findMany({ where: { cadenceId, vapiCallId: { not: null } }, select: { vapiCallId: true } });
    return new Set(rows.map(({ vapiCallId }) => vapiCallId!));
  }
}
