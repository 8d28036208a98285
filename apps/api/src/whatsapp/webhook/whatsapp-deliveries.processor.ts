import { Injectable } from '@nestjs/common';
import { DeliveryAttempts, type DeliveryAttempt, type DeliveryHandler } from '../../channel-inbox/delivery-attempts';
import type { WebhookEvent } from '../../database/models';
import { InboundWhatsappMessages } from './inbound-whatsapp-messages';
import type { MessageStatus, WhatsappDeliveryItem } from './whatsapp-notification';
import { WhatsappStatuses } from './whatsapp-statuses';

type MessagePayload = Extract<WhatsappDeliveryItem, { kind: 'message' }>['payload'];

/** Applies a stored WhatsApp delivery (DeliveryAttempts: claimed, applied with its processed mark, announced): the person's message, or a status of ours. */
@Injectable()
export class WhatsappDeliveriesProcessor {
  private readonly handler: DeliveryHandler<WebhookEvent> = {
    prepare: async (event) => event,
    apply: async (event, _event, tx) => {
      const payload: unknown = JSON.parse(event.payload);
      if (event.type === 'message') {
        const { message, profileName } = payload as MessagePayload;
        const { leadId, signals } = await this.inbound.receive(message, profileName, tx);
        return { leadId, signals };
      }
      if (event.type === 'status') return this.statuses.apply(payload as MessageStatus, event.attempts, tx);
      throw new Error(`A WhatsApp delivery of type ${event.type} is not ours to apply`);
    },
  };

  constructor(
    private readonly attempts: DeliveryAttempts,
    private readonly inbound: InboundWhatsappMessages,
    private readonly statuses: WhatsappStatuses,
  ) {}

  attempt(event: WebhookEvent): Promise<DeliveryAttempt> {
    return this.attempts.attempt(event, this.handler);
  }
}
