import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../database/database';
import type { WebhookEvent } from '../database/models';
import { LiveEventsService } from '../events/live-events.service';
import type { InboundLead } from '../leads/intake/inbound-lead';
import { LeadIntakeService } from '../leads/intake/lead-intake.service';
import { googleAdsLeadSchema } from './google/google-ads-lead';
import { inboundLeadFromGoogle } from './google/google-ads-lead-mapping';
import { GOOGLE_ADS_CHANNEL, META_CHANNEL, META_WEBHOOK_SOURCE } from './lead-ad-channels';
import { AlreadyProcessedError, ChannelDeliveriesRepository } from '../inbox/channel-deliveries.repository';
import { LeadSourceRefusalsRepository } from './lead-source-refusals.repository';
import { MetaGraphClient, MetaGraphError } from './meta/meta-graph-client';
import { inboundLeadFromMeta } from './meta/meta-lead-mapping';
import type { MetaLeadgen } from './meta/meta-leadgen-notification';

/** What one try of a stored delivery came to; `taken` when another try (here or in another process) holds it. */
export type LeadAdAttempt = 'processed' | 'failed' | 'taken';

/**
 * Turns a stored Meta or Google delivery into a lead: reads it (Meta's answers from the Graph
 * API), hands it to the intake and marks it processed in one transaction. A try that fails
 * leaves its error on the delivery (and a Graph failure as the Meta source's last error) for
 * the next try; each try is claimed first, so several API processes never apply one twice.
 */
@Injectable()
export class LeadAdsProcessor {
  private readonly logger = new Logger(LeadAdsProcessor.name);
  /** Deliveries this process is trying now: a round that comes while a slow try runs leaves them to it. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly graph: MetaGraphClient,
    private readonly intake: LeadIntakeService,
    private readonly liveEvents: LiveEventsService,
  ) {}

  async attempt(event: WebhookEvent): Promise<LeadAdAttempt> {
    if (event.processedAt || this.inFlight.has(event.id)) return 'taken';
    this.inFlight.add(event.id);
    try {
      return await this.claimedAttempt(event);
    } finally {
      this.inFlight.delete(event.id);
    }
  }

  private async claimedAttempt(event: WebhookEvent): Promise<LeadAdAttempt> {
    if (!(await this.deliveries.claim(event))) return 'taken';
    try {
      const inbound = await this.inboundLeadOf(event);
      const { signals } = await this.database.transaction(async (tx) => {
        const outcome = await this.intake.receive(inbound, tx);
        await this.deliveries.markProcessed(event.id, outcome.leadId, tx);
        return outcome;
      });
      await this.liveEvents.publishAll(signals);
      return 'processed';
    } catch (error) {
      // Another process's try made the lead first: this one's effects rolled back, and nothing failed.
      if (error instanceof AlreadyProcessedError) return 'taken';
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, eventId: event.id, channel: event.channel, externalId: event.externalId }, 'Lead ad delivery not processed; it will be tried again');
      await this.deliveries.markFailed(event.id, message);
      if (error instanceof MetaGraphError) await this.refusals.record(META_WEBHOOK_SOURCE, 'graph_failure', message);
      return 'failed';
    }
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
