import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { WebhookEvent, WebhookEventWhereInput } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { join, sql } from '../../database/sql';
import { newRowId } from '../../database/row-id';

/** Which unprocessed events to replay: by default every one. */
export interface UnprocessedSelection {
  /** Only events received before this moment (so deliveries still in flight are left alone). */
  receivedBefore?: Date;
  /** Only events that have failed fewer times than this. */
  attemptsBelow?: number;
}

/** The events an admin looks at: processing failed, or the message names no call. */
export type InboxProblem = 'failed' | 'unattributable';

const PROBLEMS: Record<InboxProblem, WebhookEventWhereInput> = {
  failed: { processedAt: null, unattributable: false, error: { not: null } },
  unattributable: { unattributable: true },
};

/**
 * The only place that queries the webhook inbox. Every write runs in a transaction of
 * its own: on SQLite a statement outside one would join whatever transaction is open
 * on the shared connection, and vanish if that one rolls back.
 */
@Injectable()
export class WebhookInboxRepository {
  constructor(private readonly database: Database) {}

  /** Committed before any effect: from here on, the delivery cannot be lost. */
  record(type: string, vapiCallId: string, payload: string): Promise<WebhookEvent> {
    return this.database.transaction((tx) => tx.webhookEvent.create({ data: { type, vapiCallId, payload } }));
  }

  /** A message about no call: kept as received, and never picked up by the automatic retry. */
  recordUnattributable(type: string, payload: string): Promise<WebhookEvent> {
    return this.database.transaction((tx) => tx.webhookEvent.create({ data: { type, payload, unattributable: true } }));
  }

  /**
   * Messages Vapi waited on (tool calls, transfer and assistant requests), stored as processed
   * in one statement: each was answered there and then, and there is nothing to replay once the
   * call has moved on. Their effects, if any, are idempotent on their own keys (a tool call's id).
   */
  async recordAnswered(messages: { type: string; vapiCallId: string | null; payload: string }[]): Promise<void> {
    if (messages.length === 0) return;
    const now = new Date();
    const rows = messages.map(({ type, vapiCallId, payload }) => sql`(${newRowId()}, ${type}, ${vapiCallId}, ${payload}, ${now}, ${now}, 1)`);
    await this.database.transaction((tx) => tx.$executeRaw`
      INSERT INTO webhook_events (id, type, vapi_call_id, payload, received_at, processed_at, attempts) VALUES ${join(rows)}`);
  }

  findById(id: string): Promise<WebhookEvent | null> {
    return this.database.client.webhookEvent.findUnique({ where: { id } });
  }

  /** Events with a problem, newest first, in keyset pages after `after` (receivedAt, id). */
  withProblem(problem: InboxProblem, limit: number, after?: { receivedAt: Date; id: string }): Promise<WebhookEvent[]> {
    return this.database.client.webhookEvent.findMany({
      where: {
        ...PROBLEMS[problem],
        ...(after ? { OR: [{ receivedAt: { lt: after.receivedAt } }, { receivedAt: after.receivedAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  /**
   * Several deliveries stored as processed, in the transaction that applies their
   * effects, in one statement (raw: Prisma compiles every createMany anew, payloads
   * included, which cost more than the insert itself).
   */
  async recordProcessed(deliveries: { type: string; vapiCallId: string; payload: string }[], tx: TransactionClient): Promise<void> {
    const now = new Date();
    const rows = deliveries.map(({ type, vapiCallId, payload }) => sql`(${newRowId()}, ${type}, ${vapiCallId}, ${payload}, ${now}, ${now}, 1)`);
    await tx.$executeRaw`
      INSERT INTO webhook_events (id, type, vapi_call_id, payload, received_at, processed_at, attempts) VALUES ${join(rows)}`;
  }

  /**
   * Of these calls, those an end-of-call report was processed for already (another delivery
   * of it, or a replay), read under the calls' locks so a concurrent delivery's commit is seen.
   */
  async reportedCalls(vapiCallIds: string[], tx: TransactionClient): Promise<Set<string>> {
    if (vapiCallIds.length === 0) return new Set();
    const rows = await tx.$queryRaw<{ vapiCallId: string }[]>`
      SELECT DISTINCT vapi_call_id AS "vapiCallId" FROM webhook_events
      WHERE vapi_call_id IN (${join([...new Set(vapiCallIds)])}) AND type = 'end-of-call-report' AND processed_at IS NOT NULL`;
    return new Set(rows.map(({ vapiCallId }) => vapiCallId));
  }

  async markProcessed(id: string, tx: TransactionClient): Promise<void> {
    await tx.webhookEvent.update({ where: { id }, data: { processedAt: new Date(), error: null, attempts: { increment: 1 } } });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.database.transaction((tx) =>
      tx.webhookEvent.update({ where: { id }, data: { error: error.slice(0, 2000), attempts: { increment: 1 } } }),
    );
  }

  /** The voice platform's events not processed yet, oldest first, in keyset pages after `after` (the lead ads' have a processor of their own). */
  unprocessed(limit: number, after?: WebhookEvent, selection: UnprocessedSelection = {}): Promise<WebhookEvent[]> {
    return this.database.client.webhookEvent.findMany({
      where: {
        channel: 'vapi',
        processedAt: null,
        unattributable: false,
        ...(selection.receivedBefore ? { receivedAt: { lt: selection.receivedBefore } } : {}),
        ...(selection.attemptsBelow ? { attempts: { lt: selection.attemptsBelow } } : {}),
        ...(after ? { OR: [{ receivedAt: { gt: after.receivedAt } }, { receivedAt: after.receivedAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }
}
