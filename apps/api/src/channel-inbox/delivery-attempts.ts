import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../database/database';
import type { WebhookEvent } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import type { LiveEventSignal } from '../events/live-event';
import { LiveEventsService } from '../events/live-events.service';
import { AlreadyProcessedError, ChannelDeliveriesRepository } from './channel-deliveries.repository';

/** What one try of a stored delivery came to; `taken` when another try (here or in another process) holds it. */
export type DeliveryAttempt = 'processed' | 'failed' | 'taken';

/** What a channel does with one of its stored deliveries. */
export interface DeliveryHandler<Prepared> {
  /** Work outside the transaction (reading the lead from the Graph API); a throw fails the try. */
  prepare(event: WebhookEvent): Promise<Prepared>;
  /** The effects, in the transaction that marks the delivery processed: the lead concerned, and what to announce once committed. */
  apply(prepared: Prepared, event: WebhookEvent, tx: TransactionClient): Promise<{ leadId: string | null; signals: LiveEventSignal[] }>;
  /** After a failed try's error is kept on the delivery (a source's last error). */
  failed?(event: WebhookEvent, error: unknown): Promise<void>;
}

/**
 * Tries a stored delivery once: claimed first (so several API processes never apply one
 * twice), its effects and its processed mark in one transaction, announced once committed. A
 * try that fails leaves its error on the delivery for the next try; a try that finds another
 * one processed it meanwhile rolls back and is `taken`, not a failure.
 */
@Injectable()
export class DeliveryAttempts {
  private readonly logger = new Logger(DeliveryAttempts.name);
  /** Deliveries this process is trying now: a round that comes while a slow try runs leaves them to it. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly liveEvents: LiveEventsService,
  ) {}

  async attempt<Prepared>(event: WebhookEvent, handler: DeliveryHandler<Prepared>): Promise<DeliveryAttempt> {
    if (event.processedAt || this.inFlight.has(event.id)) return 'taken';
    this.inFlight.add(event.id);
    try {
      return await this.claimedAttempt(event, handler);
    } finally {
      this.inFlight.delete(event.id);
    }
  }

  private async claimedAttempt<Prepared>(event: WebhookEvent, handler: DeliveryHandler<Prepared>): Promise<DeliveryAttempt> {
    if (!(await this.deliveries.claim(event))) return 'taken';
    try {
      const prepared = await handler.prepare(event);
      const { signals } = await this.database.transaction(async (tx) => {
        const outcome = await handler.apply(prepared, event, tx);
        await this.deliveries.markProcessed(event.id, outcome.leadId, tx);
        return outcome;
      });
      await this.liveEvents.publishAll(signals);
      return 'processed';
    } catch (error) {
      // Another process's try applied it first: this one's effects rolled back, and nothing failed.
      if (error instanceof AlreadyProcessedError) return 'taken';
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, eventId: event.id, channel: event.channel, externalId: event.externalId }, 'Stored delivery not processed; it will be tried again');
      await this.deliveries.markFailed(event.id, message);
      await handler.failed?.(event, error);
      return 'failed';
    }
  }
}
