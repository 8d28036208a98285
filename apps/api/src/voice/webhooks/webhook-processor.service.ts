import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WebhookEvent } from '../../generated/sqlite/client';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService, type TransactionClient } from '../../database/prisma.service';
import type { LiveEventSignal } from '../../events/live-event';
import { LiveEventsService } from '../../events/live-events.service';
import { toLeadChanges, toLeadWrite } from '../../leads/lead-write';
import { LeadsRepository, VOICE_BOT_SOURCE } from '../../leads/leads.repository';
import { laterStatus } from '../calls/call-status';
import { CallsRepository } from '../calls/calls.repository';
import { callFromReport, customerNumberOf, leadFromReport, type ReportedLead } from './end-of-call-report';
import { isHandledType, leadIdOf, parseHandledMessage, type EndOfCallReport, type HandledMessage, type StatusUpdate } from './vapi-message';
import { GroupCommit } from './group-commit';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';
import { WebhookInboxRepository, type UnprocessedSelection } from './webhook-inbox.repository';

export type WebhookOutcome = { received: true; stored: boolean; processed: boolean };

const REPLAY_BATCH = 500;
/** Deliveries written in one transaction at most: a burst is split so no transaction runs long. */
const INGEST_BATCH = 64;
/** Connections left to staff requests while webhooks queue for the rest of the pool. */
const POOL_RESERVE = 2;

/** A delivery checked and waiting to be stored and applied. */
interface Delivery {
  message: HandledMessage;
  payload: string;
}

/**
 * Turns the voice platform's messages into call records and leads. Each message is
 * stored in the inbox first; its effects and the inbox's "processed" mark commit in
 * one transaction, so a failure leaves an event that can be processed again.
 */
@Injectable()
export class WebhookProcessor {
  private readonly logger = new Logger(WebhookProcessor.name);
  private readonly queue: WebhookDeliveryQueue;
  private readonly ingest: GroupCommit<Delivery, boolean>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly inbox: WebhookInboxRepository,
    private readonly leads: LeadsRepository,
    private readonly calls: CallsRepository,
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const slots = Math.max(1, config.DATABASE_POOL_SIZE - POOL_RESERVE);
    this.queue = new WebhookDeliveryQueue(slots);
    // SQLite writes one transaction at a time whatever we do; PostgreSQL takes a few at once.
    this.ingest = new GroupCommit((deliveries) => this.ingestBatch(deliveries), INGEST_BATCH, prisma.provider === 'postgresql' ? Math.min(4, slots) : 1);
  }

  async receive(message: { type: string }): Promise<WebhookOutcome> {
    if (!isHandledType(message.type)) return { received: true, stored: false, processed: false };
    const parsed = parseHandledMessage({ ...message, type: message.type });
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    return { received: true, stored: true, processed: await this.ingest.add({ message: parsed.value, payload: JSON.stringify(message) }) };
  }

  /**
   * Stores and applies a batch of deliveries in one transaction, in arrival order, each
   * stored as processed together with its effects: a burst costs one commit per batch
   * instead of two per delivery. If anything in the batch fails, nothing of it is
   * kept, and each delivery goes the one-at-a-time way (stored first, then applied),
   * so only the faulty one ends up stored for replay.
   */
  private async ingestBatch(deliveries: Delivery[]): Promise<boolean[]> {
    try {
      // In one of the queue's slots, so batches and single deliveries together stay within the pool.
      const signals = await this.queue.runInSlot(() => this.prisma.transaction(async (tx) => {
        const region = this.config.DEFAULT_PHONE_REGION;
        const reported = deliveries.map(({ message }) => (message.type === 'end-of-call-report' ? leadFromReport(message, region) : undefined));
        // Every lock up front, calls then identities, each sorted: as the one-at-a-time way takes them.
        await this.calls.lockCalls(deliveries.map(({ message }) => message.call.id), tx);
        await this.leads.lockIdentities(reported.flatMap((report) => [report?.lead.email, report?.lead.phone]), tx);
        await this.inbox.recordProcessed(deliveries.map(({ message, payload }) => ({ type: message.type, vapiCallId: message.call.id, payload })), tx);
        const changes: LiveEventSignal[] = [];
        for (const [i, { message }] of deliveries.entries()) {
          changes.push(...(message.type === 'end-of-call-report' ? await this.recordReport(message, reported[i]!, tx) : await this.recordStatus(message, tx)));
        }
        return changes;
      }));
      await this.liveEvents.publishAll(signals);
      return deliveries.map(() => true);
    } catch (error) {
      this.logger.warn({ err: error, deliveries: deliveries.length }, 'Webhook batch failed; storing and applying its deliveries one by one');
      return Promise.all(
        deliveries.map(({ message, payload }) =>
          this.queue.run(message.call.id, async () => this.process(await this.inbox.record(message.type, message.call.id, payload), message)),
        ),
      );
    }
  }

  /**
   * Processes stored events that have not been processed yet, oldest first: all of them
   * for `pnpm webhooks:replay`, or a selection for the automatic retry. Processing is
   * idempotent, so an event the live API is handling at the same moment is merely
   * applied twice.
   */
  async replayUnprocessed(selection: UnprocessedSelection = {}): Promise<{ processed: number; failed: number }> {
    const outcome = { processed: 0, failed: 0 };
    let after: WebhookEvent | undefined;
    for (;;) {
      const batch = await this.inbox.unprocessed(REPLAY_BATCH, after, selection);
      for (const event of batch) {
        if (await this.queue.run(event.vapiCallId ?? event.id, () => this.reprocess(event))) outcome.processed += 1;
        else outcome.failed += 1;
      }
      if (batch.length < REPLAY_BATCH) return outcome;
      after = batch.at(-1);
    }
  }

  private async reprocess(event: WebhookEvent): Promise<boolean> {
    const parsed = parseHandledMessage(JSON.parse(event.payload) as { type: HandledMessage['type'] });
    if (parsed.ok) return this.process(event, parsed.value);
    const reason = `Stored message no longer valid: ${parsed.errors.map((e) => `${e.field} ${e.message}`).join('; ')}`;
    this.logger.error({ eventId: event.id, type: event.type, vapiCallId: event.vapiCallId, reason }, 'Webhook event cannot be replayed');
    await this.inbox.markFailed(event.id, reason);
    return false;
  }

  private async process(event: WebhookEvent, message: HandledMessage): Promise<boolean> {
    try {
      const signals = await this.prisma.transaction(async (tx) => {
        await this.calls.lockCall(message.call.id, tx);
        let changes: LiveEventSignal[];
        if (message.type === 'end-of-call-report') {
          const reported = leadFromReport(message, this.config.DEFAULT_PHONE_REGION);
          await this.leads.lockIdentities([reported.lead.email, reported.lead.phone], tx);
          changes = await this.recordReport(message, reported, tx);
        } else {
          changes = await this.recordStatus(message, tx);
        }
        await this.inbox.markProcessed(event.id, tx);
        return changes;
      });
      await this.liveEvents.publishAll(signals);
      return true;
    } catch (error) {
      this.logger.error({ err: error, eventId: event.id, type: event.type, vapiCallId: event.vapiCallId }, 'Webhook processing failed; stored for replay');
      await this.inbox.markFailed(event.id, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  /**
   * One call record and one lead per call, however many times and in whatever order it
   * is delivered. The caller holds the call's and the identities' locks.
   */
  private async recordReport(report: EndOfCallReport, reported: ReportedLead, tx: TransactionClient): Promise<LiveEventSignal[]> {
    const { lead } = reported;
    const fields = callFromReport(report, this.config.DEFAULT_PHONE_REGION);
    const call = await this.calls.upsert(report.call.id, fields, fields, tx);

    const known =
      (call.leadId && (await this.leads.findById(call.leadId, tx))) ||
      (await this.leads.findSamePerson({ id: leadIdOf(report.call), email: lead.email, phone: lead.phone }, tx));
    const saved = known
      ? await this.leads.update(known.id, changesFromCall(reported), tx)
      : await this.leads.create({ ...toLeadWrite(lead), source: VOICE_BOT_SOURCE }, tx);
    if (call.leadId !== saved.id) await this.calls.update(call.id, { leadId: saved.id }, tx);
    return [
      { type: known ? 'lead.updated' : 'lead.created', id: saved.id },
      { type: 'call.updated', id: call.id },
    ];
  }

  private async recordStatus(update: StatusUpdate, tx: TransactionClient): Promise<LiveEventSignal[]> {
    const current = await this.calls.findByVapiId(update.call.id, tx);
    // Deliveries arrive out of order: a late "ringing" must not undo "ended".
    const status = laterStatus(current?.status, update.status);
    const endedReason = update.endedReason ?? current?.endedReason ?? null;
    if (current) {
      const call = await this.calls.update(current.id, { status, endedReason }, tx);
      return [{ type: 'call.updated', id: call.id }];
    }
    const leadId = leadIdOf(update.call);
    const lead = leadId ? await this.leads.findById(leadId, tx) : null;
    const number = customerNumberOf(update);
    const call = await this.calls.upsert(
      update.call.id,
      { type: update.call.type ?? null, status, endedReason, customerNumber: number ?? null, leadId: lead?.id ?? null },
      { status, endedReason },
      tx,
    );
    return [{ type: 'call.updated', id: call.id }];
  }
}

/**
 * A known caller keeps their first source, their name when this call learnt none, and
 * their qualification when this report did not judge it.
 */
function changesFromCall({ lead, nameKnown, qualifiedKnown }: ReportedLead) {
  const { name, source, qualified, ...changes } = toLeadChanges(lead);
  return { ...changes, ...(nameKnown ? { name } : {}), ...(qualifiedKnown ? { qualified } : {}) };
}
