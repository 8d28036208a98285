import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../database/database';
import type { WebhookEvent } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import type { LiveEventSignal } from '../../events/live-event';
import { LiveEventsService } from '../../events/live-events.service';
import { ChannelDeliveriesRepository } from '../../inbox/channel-deliveries.repository';
import { DeliveryTries, type DeliveryTry } from '../../inbox/delivery-tries';
import { InboundWhatsappMessages } from './inbound-whatsapp-messages';
import type { MessageStatus, WhatsappDeliveryItem } from './whatsapp-notification';
import { WhatsappStatuses } from './whatsapp-statuses';

type MessagePayload = Extract<WhatsappDeliveryItem, { kind: 'message' }>['payload'];

/**
 * Applies a stored WhatsApp delivery, the person's message or a status of ours, and marks it
 * processed in the same transaction; each try is claimed first (DeliveryTries), so several API
 * processes never apply one twice, and what it changed is announced once committed.
 */
@Injectable()
export class WhatsappDeliveriesProcessor {
  private readonly logger = new Logger(WhatsappDeliveriesProcessor.name);
  private readonly tries: DeliveryTries;

  constructor(
    private readonly database: Database,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly inbound: InboundWhatsappMessages,
    private readonly statuses: WhatsappStatuses,
    private readonly liveEvents: LiveEventsService,
  ) {
    this.tries = new DeliveryTries(deliveries, (event, error) =>
      this.logger.warn({ err: error, eventId: event.id, type: event.type, externalId: event.externalId }, 'WhatsApp delivery not applied; it will be tried again'),
    );
  }

  attempt(event: WebhookEvent): Promise<DeliveryTry> {
    return this.tries.run(event, async () => {
      const { signals } = await this.database.transaction(async (tx) => {
        const outcome = await this.apply(event, tx);
        await this.deliveries.markProcessed(event.id, outcome.leadId, tx);
        return outcome;
      });
      await this.liveEvents.publishAll(signals);
    });
  }

  private async apply(event: WebhookEvent, tx: TransactionClient): Promise<{ leadId: string | null; signals: LiveEventSignal[] }> {
    const payload: unknown = JSON.parse(event.payload);
    if (event.type === 'message') {
      const { message, profileName } = payload as MessagePayload;
      const { leadId, signals } = await this.inbound.receive(message, profileName, tx);
      return { leadId, signals };
    }
    if (event.type === 'status') return this.statuses.apply(payload as MessageStatus, event.attempts, tx);
    throw new Error(`A WhatsApp delivery of type ${event.type} is not ours to apply`);
  }
}
