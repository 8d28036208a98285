import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { WebhookEvent } from '../database/models';
import { ChannelDeliveriesRepository } from '../inbox/channel-deliveries.repository';
import { DeliveryRetryScheduler } from '../inbox/delivery-retry.scheduler';
import { LEAD_AD_CHANNELS } from './lead-ad-channels';
import { LeadAdsProcessor } from './lead-ads-processor.service';

/** The stored Meta and Google deliveries, tried until they make their lead: a failed one (a Graph outage) after LEAD_ADS_RETRY_SECONDS, doubling up to an hour. */
@Injectable()
export class LeadAdsRetryScheduler extends DeliveryRetryScheduler {
  constructor(
    deliveries: ChannelDeliveriesRepository,
    private readonly processor: LeadAdsProcessor,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(deliveries, LEAD_AD_CHANNELS, config.LEAD_ADS_RETRY_SECONDS);
  }

  protected attempt(event: WebhookEvent): Promise<unknown> {
    return this.processor.attempt(event);
  }
}
