import { Inject, Injectable } from '@nestjs/common';
import { ChannelDeliveriesRepository } from '../../inbox/channel-deliveries.repository';
import { DeliveryRetryScheduler } from '../../inbox/delivery-retry.scheduler';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { WebhookEvent } from '../../database/models';
import { WHATSAPP_CHANNEL } from '../whatsapp-channel';
import { readWhatsappSettings } from '../whatsapp-settings';
import { WhatsappDeliveriesProcessor } from './whatsapp-deliveries.processor';

/** The stored WhatsApp deliveries, applied as soon as they are stored and tried again after WHATSAPP_RETRY_SECONDS, doubling up to an hour, while applying fails. */
@Injectable()
export class WhatsappRetryScheduler extends DeliveryRetryScheduler {
  constructor(
    deliveries: ChannelDeliveriesRepository,
    private readonly processor: WhatsappDeliveriesProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(deliveries, [WHATSAPP_CHANNEL], config.WHATSAPP_RETRY_SECONDS);
  }

  protected override isEnabled(): boolean {
    return readWhatsappSettings(this.config).ok;
  }

  protected attempt(event: WebhookEvent): Promise<unknown> {
    return this.processor.attempt(event);
  }
}
