import { Inject, Injectable, Logger } from '@nestjs/common';
import type { InboundLeadReceipt } from '@lead-desk/contracts';
import { Clock } from '../../common/clock';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import { LiveEventsService } from '../../events/live-events.service';
import type { InboundLead } from '../../leads/intake/inbound-lead';
import { LeadIntakeService } from '../../leads/intake/lead-intake.service';
import { LeadSourceRefusalsRepository } from '../lead-source-refusals.repository';
import { LeadSourcesRepository } from '../lead-sources.repository';
import { InboundDeliveriesRepository, type InboundDeliveryRecord } from './inbound-deliveries.repository';
import { readInboundPayload } from './inbound-lead-payload';

/** The delivery was processed by another request meanwhile (a concurrent repeat): its outcome is the answer. */
class ProcessedElsewhere extends Error {}

/**
 * A lead source's delivery: read (a bad one is refused and counted against the source), kept
 * in the inbox with its source before its effects, then handed to the intake in one
 * transaction with its outcome. A repeat of its externalId is answered with the first
 * outcome, never processed twice.
 */
@Injectable()
export class InboundLeadsService {
  private readonly logger = new Logger(InboundLeadsService.name);

  constructor(
    private readonly database: Database,
    private readonly deliveries: InboundDeliveriesRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly sources: LeadSourcesRepository,
    private readonly intake: LeadIntakeService,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive(source: { id: string; name: string }, body: unknown, options: { test?: boolean } = {}): Promise<{ receipt: InboundLeadReceipt; repeat: boolean }> {
    const payload = readInboundPayload(body, { phoneRegion: this.config.DEFAULT_PHONE_REGION, timeZone: this.config.APP_TIME_ZONE, now: this.clock.now() });
    if (!payload.ok) {
      const named = payload.errors.map(({ field, message }) => `${field} ${message}`).join('; ');
      await this.refusals.count(source.id, 'rejected_payload', `Rejected payload: ${named}`);
      throw new InvalidFieldsException(payload.errors);
    }
    const { fields, externalId, arrivedAt, details } = payload.value;
    const test = options.test === true || payload.value.test;
    const { repeat, delivery } = await this.deliveries.record(source.id, externalId, JSON.stringify(body), test);
    if (delivery.outcome) return { receipt: receiptOf(delivery.outcome), repeat };
    // Stored but not processed: a first delivery, or a repeat of one whose processing failed.
    const inbound: InboundLead = { fields, source: source.name, sourceId: source.id, arrivedAt, test, details: Object.keys(details).length > 0 ? details : undefined };
    return { receipt: await this.process(delivery, inbound), repeat };
  }

  /**
   * A stored delivery whose processing failed, tried again from the inbox: read as it came,
   * for the source whose key sent it (still that source's lead, even if the source was removed since).
   */
  async replay(eventId: string, payload: string): Promise<'processed' | 'failed'> {
    const delivery = await this.deliveries.find(eventId);
    if (delivery.outcome) return 'processed';
    const source = await this.sources.find(delivery.sourceId);
    const read = readInboundPayload(JSON.parse(payload), { phoneRegion: this.config.DEFAULT_PHONE_REGION, timeZone: this.config.APP_TIME_ZONE, now: this.clock.now() });
    if (!source || !read.ok) {
      await this.deliveries.markFailed(eventId, source ? 'The stored delivery cannot be read as a lead.' : 'Its lead source no longer exists.');
      return 'failed';
    }
    const { fields, arrivedAt, details } = read.value;
    const inbound: InboundLead = { fields, source: source.name, sourceId: source.id, arrivedAt, test: delivery.test, details: Object.keys(details).length > 0 ? details : undefined };
    try {
      await this.process(delivery, inbound);
      return 'processed';
    } catch (error) {
      this.logger.warn({ err: error, eventId, sourceId: source.id }, 'An inbound delivery replayed from the inbox failed again');
      return 'failed';
    }
  }

  private async process(delivery: InboundDeliveryRecord, inbound: InboundLead): Promise<InboundLeadReceipt> {
    try {
      const { signals, ...outcome } = await this.database.transaction(async (tx) => {
        const received = await this.intake.receive(inbound, tx);
        const completed = await this.deliveries.complete(delivery.eventId, received, tx);
        if (!completed) throw new ProcessedElsewhere();
        return received;
      });
      await this.liveEvents.publishAll(signals);
      return receiptOf({ ...outcome, test: inbound.test ?? false });
    } catch (error) {
      if (error instanceof ProcessedElsewhere) return receiptOf((await this.deliveries.find(delivery.eventId)).outcome!);
      await this.deliveries.markFailed(delivery.eventId, (error as Error).message);
      throw error;
    }
  }
}

function receiptOf(outcome: { leadId: string; created: boolean; firstCallAt: Date | null; callNote: string | null; test: boolean }): InboundLeadReceipt {
  return { leadId: outcome.leadId, created: outcome.created, firstCallAt: outcome.firstCallAt?.toISOString() ?? null, callNote: outcome.callNote, test: outcome.test };
}
