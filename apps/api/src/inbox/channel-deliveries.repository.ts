import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { WebhookEvent } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { newRowId } from '../database/row-id';
import { nextAttemptAt } from './retry-backoff';

/** A delivery as the sender identified it: its own id makes a redelivery the same row. */
export interface ChannelDelivery {
  /** The inbox channel (WebhookEvent.channel): meta, google_ads, chat… */
  channel: string;
  externalId: string;
  type: string;
  /** What the delivery said, as JSON text, without its credential. */
  payload: string;
}

/**
 * The webhook inbox's deliveries of the channels that hand a lead to the intake and retry it
 * until it is made (the ad platforms' lead forms, finished chats): the only place that queries them.
 */
@Injectable()
export class ChannelDeliveriesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Stores a delivery once per (channel, externalId), committed before any effect; a
   * redelivery (Meta retries for 36 hours, a chat's result sent twice) finds the row the first one made.
   */
  store(delivery: ChannelDelivery, tx?: TransactionClient): Promise<WebhookEvent> {
    const { channel, externalId, type, payload } = delivery;
    const insert = async (db: TransactionClient) => {
      // Raw for ON CONFLICT DO NOTHING: two processes receiving one lead at once both find one row, neither fails.
      await db.$executeRaw`
        INSERT INTO webhook_events (id, channel, external_id, type, payload, received_at)
        VALUES (${newRowId()}, ${channel}, ${externalId}, ${type}, ${payload}, ${new Date()})
        ON CONFLICT (channel, external_id) DO NOTHING`;
      return db.webhookEvent.findUniqueOrThrow({ where: { channel_externalId: { channel, externalId } } });
    };
    // In the caller's transaction when it has one (the row commits with what makes it due).
    return tx ? insert(tx) : this.database.transaction(insert);
  }

  /**
   * Stores a delivery that says more than one stored before it (a chat's result, where a row
   * only said the result was due): a row not processed yet takes its type and payload; a
   * processed one is left as it is, so nothing is applied twice.
   */
  storeNewer(delivery: ChannelDelivery): Promise<WebhookEvent> {
    const { channel, externalId, type, payload } = delivery;
    return this.database.transaction(async (tx) => {
      await tx.$executeRaw`
        INSERT INTO webhook_events (id, channel, external_id, type, payload, received_at)
        VALUES (${newRowId()}, ${channel}, ${externalId}, ${type}, ${payload}, ${new Date()})
        ON CONFLICT (channel, external_id) DO UPDATE SET type = excluded.type, payload = excluded.payload
        WHERE webhook_events.processed_at IS NULL`;
      return tx.webhookEvent.findUniqueOrThrow({ where: { channel_externalId: { channel, externalId } } });
    });
  }

  findById(id: string): Promise<WebhookEvent | null> {
    return this.database.client.webhookEvent.findUnique({ where: { id } });
  }

  /**
   * Takes the next try of a delivery, for this process only: a conditional write that
   * succeeds for one of several processes reading the same attempt count. A process that dies
   * after it leaves the try counted, so the delivery waits for its next one.
   */
  async claim(event: WebhookEvent): Promise<boolean> {
    const { count } = await this.database.transaction((tx) =>
      tx.webhookEvent.updateMany({ where: { id: event.id, attempts: event.attempts, processedAt: null }, data: { attempts: { increment: 1 } } }),
    );
    return count === 1;
  }

  /** In the transaction that applies its effects, with the lead it made or updated (null: none); throws when another try processed it meanwhile, so those effects roll back. */
  async markProcessed(id: string, leadId: string | null, tx: TransactionClient): Promise<void> {
    const { count } = await tx.webhookEvent.updateMany({ where: { id, processedAt: null }, data: { processedAt: new Date(), error: null, leadId } });
    if (count !== 1) throw new AlreadyProcessedError(id);
  }

  /** Leaves a try's error for the inbox, unless another try processed the delivery meanwhile. */
  async markFailed(id: string, error: string): Promise<void> {
    await this.database.transaction((tx) => tx.webhookEvent.updateMany({ where: { id, processedAt: null }, data: { error: error.slice(0, 2000) } }));
  }

  /** Of the first `limit` deliveries of these channels not processed yet (oldest first), those whose next try is due at `now`: a new one at once, a failed one `retrySeconds` later, doubling up to an hour. */
  async due(channels: readonly string[], retrySeconds: number, now: Date, limit: number): Promise<WebhookEvent[]> {
    const unprocessed = await this.database.client.webhookEvent.findMany({
      where: { channel: { in: [...channels] }, processedAt: null, unattributable: false },
      orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
    return unprocessed.filter((event) => nextAttemptAt(event.receivedAt, event.attempts, retrySeconds).getTime() <= now.getTime());
  }
}

export class AlreadyProcessedError extends Error {
  constructor(id: string) {
    super(`Webhook event ${id} was processed by another attempt meanwhile.`);
  }
}
