import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { WebhookEvent } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { newRowId } from '../database/row-id';

/** A delivery as the sender identified it: its own id makes a redelivery the same row. */
export interface ChannelDelivery {
  /** The inbox channel (WebhookEvent.channel): meta, google_ads, whatsapp. */
  channel: string;
  externalId: string;
  type: string;
  /** What the delivery said, as JSON text, without its credential. */
  payload: string;
}

/**
 * The webhook inbox's rows of the channels that name each item they deliver (Meta's and
 * Google's leads, WhatsApp's messages and statuses): the only place that queries them.
 */
@Injectable()
export class ChannelDeliveriesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Stores a delivery once per (channel, externalId), committed before any effect; a
   * redelivery (Meta retries for days) finds the row the first one made.
   */
  store(delivery: ChannelDelivery): Promise<WebhookEvent> {
    const { channel, externalId, type, payload } = delivery;
    return this.database.transaction(async (tx) => {
      // Raw for ON CONFLICT DO NOTHING: two processes receiving one item at once both find one row, neither fails.
      await tx.$executeRaw`
        INSERT INTO webhook_events (id, channel, external_id, type, payload, received_at)
        VALUES (${newRowId()}, ${channel}, ${externalId}, ${type}, ${payload}, ${new Date()})
        ON CONFLICT (channel, external_id) DO NOTHING`;
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

  /**
   * In the transaction that applies its effects, with the lead it made, updated or concerned (an
   * erasure of the person deletes the delivery with it); throws when another try processed it
   * meanwhile, so those effects roll back.
   */
  async markProcessed(id: string, leadId: string | null, tx: TransactionClient): Promise<void> {
    const { count } = await tx.webhookEvent.updateMany({ where: { id, processedAt: null }, data: { processedAt: new Date(), error: null, leadId } });
    if (count !== 1) throw new AlreadyProcessedError(id);
  }

  /** Leaves a try's error for the inbox, unless another try processed the delivery meanwhile. */
  async markFailed(id: string, error: string): Promise<void> {
    await this.database.transaction((tx) => tx.webhookEvent.updateMany({ where: { id, processedAt: null }, data: { error: error.slice(0, 2000) } }));
  }

  /** Deliveries of these channels not processed yet, oldest first. */
  unprocessed(channels: readonly string[], limit: number): Promise<WebhookEvent[]> {
    return this.database.client.webhookEvent.findMany({
      where: { channel: { in: [...channels] }, processedAt: null, unattributable: false },
      orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }
}

export class AlreadyProcessedError extends Error {
  constructor(id: string) {
    super(`Webhook event ${id} was processed by another attempt meanwhile.`);
  }
}
