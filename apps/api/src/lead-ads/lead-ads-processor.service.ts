import { Injectable } from '@nestjs/common';
import { DeliveryAttempts, type DeliveryAttempt, type DeliveryHandler } from '../channel-inbox/delivery-attempts';
import type { WebhookEvent } from '../database/models';
import type { InboundLead } from '../leads/intake/inbound-lead';
import { LeadIntakeService } from '../leads/intake/lead-intake.service';
import { googleAdsLeadSchema } from './google/google-ads-lead';
import { inboundLeadFromGoogle } from './google/google-ads-lead-mapping';
import { GOOGLE_ADS_CHANNEL, META_CHANNEL, META_WEBHOOK_SOURCE } from './lead-ad-channels';
import { LeadSourceRefusalsRepository } from './lead-source-refusals.repository';
import { MetaGraphClient, MetaGraphError } from './meta/meta-graph-client';
import { inboundLeadFromMeta } from './meta/meta-lead-mapping';
import type { MetaLeadgen } from './meta/meta-leadgen-notification';

/**
 * Turns a stored Meta or Google delivery into a lead: reads it (Meta's answers from the Graph
 * API), hands it to the intake and marks it processed in one transaction (DeliveryAttempts). A
 * Graph failure is also the Meta source's last error.
 */
@Injectable()
export class LeadAdsProcessor {
  private readonly handler: DeliveryHandler<InboundLead> = {
    prepare: (event) => this.inboundLeadOf(event),
    apply: async (inbound, _event, tx) => {
      const { leadId, signals } = await this.intake.receive(inbound, tx);
      return { leadId, signals };
    },
    failed: async (_event, error) => {
      if (error instanceof MetaGraphError) await this.refusals.record(META_WEBHOOK_SOURCE, 'graph_failure', error.message);
    },
  };

  constructor(
    private readonly attempts: DeliveryAttempts,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly graph: MetaGraphClient,
    private readonly intake: LeadIntakeService,
  ) {}

  attempt(event: WebhookEvent): Promise<DeliveryAttempt> {
    return this.attempts.attempt(event, this.handler);
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
