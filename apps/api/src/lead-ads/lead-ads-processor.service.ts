import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../database/database';
import type { WebhookEvent } from '../database/models';
import { LiveEventsService } from '../events/live-events.service';
import type { InboundLead } from '../leads/intake/inbound-lead';
import { LeadIntakeService } from '../leads/intake/lead-intake.service';
import { googleAdsLeadSchema } from './google/google-ads-lead';
import { inboundLeadFromGoogle } from './google/google-ads-lead-mapping';
import { GOOGLE_ADS_CHANNEL, META_CHANNEL, META_WEBHOOK_SOURCE } from './lead-ad-channels';
import { ChannelDeliveriesRepository } from '../inbox/channel-deliveries.repository';
import { DeliveryTries, type DeliveryTry } from '../inbox/delivery-tries';
import { LeadSourceRefusalsRepository } from './lead-source-refusals.repository';
import { MetaGraphClient, MetaGraphError } from './meta/meta-graph-client';
import { inboundLeadFromMeta } from './meta/meta-lead-mapping';
import type { MetaLeadgen } from './meta/meta-leadgen-notification';

export type LeadAdAttempt = DeliveryTry;

/**
 * Turns a stored Meta or Google delivery into a lead: reads it (Meta's answers from the Graph
 * API), hands it to the intake and marks it processed in one transaction. A try that fails
 * leaves its error on the delivery (and a Graph failure as the Meta source's last error) for
 * the next try; each try is claimed first (DeliveryTries), so several API processes never apply one twice.
 */
@Injectable()
export class LeadAdsProcessor {
  private readonly logger = new Logger(LeadAdsProcessor.name);
  private readonly tries: DeliveryTries;

  constructor(
    private readonly database: Database,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly graph: MetaGraphClient,
    private readonly intake: LeadIntakeService,
    private readonly liveEvents: LiveEventsService,
  ) {
    this.tries = new DeliveryTries(deliveries, (event, error) => this.failed(event, error));
  }

  async attempt(event: WebhookEvent): Promise<LeadAdAttempt> {
    return this.tries.run(event, async () => {
      const inbound = await this.inboundLeadOf(event);
      const { signals } = await this.database.transaction(async (tx) => {
        const outcome = await this.intake.receive(inbound, tx);
        await this.deliveries.markProcessed(event.id, outcome.leadId, tx);
        return outcome;
      });
      await this.liveEvents.publishAll(signals);
    });
  }

  private async failed(event: WebhookEvent, error: unknown): Promise<void> {
    this.logger.warn({ err: error, eventId: event.id, channel: event.channel, externalId: event.externalId }, 'Lead ad delivery not processed; it will be tried again');
    if (error instanceof MetaGraphError) await this.refusals.record(META_WEBHOOK_SOURCE, 'graph_failure', error.message);
  }

  /** The stored delivery as the intake takes it: Meta's lead read from the Graph API, Google's as it came. */
  private async inboundLeadOf(event: WebhookEvent): Promise<InboundLead> {
    const payload: unknown = JSON.parse(event.payload);
    if (event.channel === META_CHANNEL) {
      const notified = payload as MetaLeadgen;
      return inboundLeadFromMeta(await this.graph.lead(notified.leadgen_id), notified);
    }
    if (event.channel === GOOGLE_ADS_CHANNEL) return inboundLeadFromGoogle(googleAdsLeadSchema.parse(payload));
    throw new Error(`${event.channel} is not a lead ad channel`);
  }
}
