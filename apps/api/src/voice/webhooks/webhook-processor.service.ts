import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WebhookEvent } from '../../database/models';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { CallerRequestsRecorder } from '../../compliance/caller-requests.recorder';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import type { LiveEventSignal } from '../../events/live-event';
import { LiveEventsService } from '../../events/live-events.service';
import { LeadsRepository } from '../../leads/leads.repository';
import { PossibleDuplicates } from '../../leads/duplicates/possible-duplicates';
import { identityKeys } from '../../leads/lead-identity';
import { ErasedPeople } from '../../privacy/erased-people';
import { LeadRouter } from '../../leads/routing/lead-router';
import { routingActivity } from '../../leads/routing/routing-activity';
import { StagesRepository } from '../../stages/stages.repository';
import { AttemptOutcomes } from '../callbacks/attempt-outcomes';
import { CallsRepository } from '../calls/calls.repository';
import { callerRequestsOf } from './caller-requests';
import { deliveryActivity } from './delivery-activity';
import { DeliveryBatch } from './delivery-batch';
import { callFromReport, leadFromReport, type ReportReading } from './end-of-call-report';
import { isAttributable, isHandledType, leadIdOf, parseHandledMessage, type HandledMessage } from './vapi-message';
import { GroupCommit } from './group-commit';
import { maskCredential } from './masked-credentials';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';
import { WebhookInboxRepository, type UnprocessedSelection } from './webhook-inbox.repository';

export type WebhookOutcome = { received: true; stored: boolean; processed: boolean; unattributable?: true };

/** What processing a stored event again came to. */
export type ReplayOutcome = 'processed' | 'failed' | 'unattributable';

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
  private readonly reading: ReportReading;

  constructor(
    private readonly database: Database,
    private readonly inbox: WebhookInboxRepository,
    private readonly leads: LeadsRepository,
    private readonly router: LeadRouter,
    private readonly calls: CallsRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly activities: LeadActivityRepository,
    private readonly stages: StagesRepository,
    private readonly callerRequests: CallerRequestsRecorder,
    private readonly erasedPeople: ErasedPeople,
    private readonly possibleDuplicates: PossibleDuplicates,
    private readonly attemptOutcomes: AttemptOutcomes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.reading = { phoneRegion: config.DEFAULT_PHONE_REGION, qualifiedFrom: config.VAPI_QUALIFIED_FROM };
    const slots = Math.max(1, config.DATABASE_POOL_SIZE - POOL_RESERVE);
    this.queue = new WebhookDeliveryQueue(slots);
    this.ingest = new GroupCommit((deliveries) => this.ingestBatch(deliveries), INGEST_BATCH, Math.min(database.dialect.parallelWriters, slots));
  }

  async receive(message: { type: string }): Promise<WebhookOutcome> {
    if (!isHandledType(message.type)) return { received: true, stored: false, processed: false };
    const parsed = parseHandledMessage({ ...message, type: message.type });
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    // Stored without the credentials a message may carry (an inline assistant's server secret, a Twilio auth token).
    const payload = JSON.stringify(message, maskCredential);
    if (!isAttributable(parsed.value)) {
      const event = await this.inbox.recordUnattributable(parsed.value.type, payload);
      this.logger.warn({ eventId: event.id, type: event.type }, 'Webhook message names no call: stored as unattributable');
      return { received: true, stored: true, processed: false, unattributable: true };
    }
    return { received: true, stored: true, processed: await this.ingest.add({ message: parsed.value, payload }) };
  }

  /** Processes one stored event again, on an admin's request. */
  async replay(event: WebhookEvent): Promise<ReplayOutcome> {
    return this.queue.run(event.vapiCallId ?? event.id, () => this.reprocess(event));
  }

  /**
   * Stores and applies a batch of deliveries in one transaction, in arrival order, each
   * stored as processed together with its effects: a burst costs one commit and a
   * handful of statements per batch instead of two commits and a dozen statements per
   * delivery. If anything in the batch fails, nothing of it is kept, and each delivery
   * goes the one-at-a-time way (stored first, then applied), so only the faulty one
   * ends up stored for replay.
   */
  private async ingestBatch(deliveries: Delivery[]): Promise<boolean[]> {
    try {
      // In one of the queue's slots, so batches and single deliveries together stay within the pool.
      const signals = await this.queue.runInSlot(() =>
        this.database.transaction(async (tx) => {
          const changes = await this.apply(deliveries.map(({ message }) => message), tx);
          // Stored after apply, which asks the inbox which calls were reported before this batch.
          await this.inbox.recordProcessed(deliveries.map(({ message, payload }) => ({ type: message.type, vapiCallId: message.call.id, payload })), tx);
          return changes;
        }),
      );
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
        if ((await this.replay(event)) === 'processed') outcome.processed += 1;
        else outcome.failed += 1;
      }
      if (batch.length < REPLAY_BATCH) return outcome;
      after = batch.at(-1);
    }
  }

  private async reprocess(event: WebhookEvent): Promise<ReplayOutcome> {
    const parsed = parseHandledMessage(JSON.parse(event.payload) as { type: HandledMessage['type'] });
    if (!parsed.ok) {
      const reason = `Stored message no longer valid: ${parsed.errors.map((e) => `${e.field} ${e.message}`).join('; ')}`;
      this.logger.error({ eventId: event.id, type: event.type, vapiCallId: event.vapiCallId, reason }, 'Webhook event cannot be replayed');
      await this.inbox.markFailed(event.id, reason);
      return 'failed';
    }
    if (!isAttributable(parsed.value)) return 'unattributable';
    return (await this.process(event, parsed.value)) ? 'processed' : 'failed';
  }

  private async process(event: WebhookEvent, message: HandledMessage): Promise<boolean> {
    try {
      const signals = await this.database.transaction(async (tx) => {
        const changes = await this.apply([message], tx);
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
   * Records messages' effects, in arrival order, with a few set-based statements
   * whatever their number: lock the calls and the callers' identities (PostgreSQL;
   * each kind in one sorted statement, so concurrent batches and other API processes
   * never deadlock), read the stored calls and every lead the messages may be about
   * (with which calls were reported before, and which fields staff changed last),
   * resolve each message in memory as if it were processed by itself, and write the
   * new leads, the changed leads, the touched call records and their activity entries
   * (one statement each). Answers the changes to
   * announce once the transaction has committed.
   */
  private async apply(messages: HandledMessage[], tx: TransactionClient): Promise<LiveEventSignal[]> {
    const region = this.config.DEFAULT_PHONE_REGION;
    const reports = messages.map((message) =>
      message.type === 'end-of-call-report' ? { lead: leadFromReport(message, this.reading), call: callFromReport(message, region) } : undefined,
    );
    const callers = reports.flatMap((report) => (report ? [report.lead.lead] : []));
    const vapiCallIds = messages.map(({ call }) => call.id);
    await this.calls.lockCalls(vapiCallIds, tx);
    await this.leads.lockIdentities(callers, tx);

    const storedCalls = await this.calls.findByVapiIds(vapiCallIds, tx);
    const knownLeads = await this.leads.findIdentities(
      {
        ids: [...storedCalls.map(({ leadId }) => leadId), ...messages.map(({ call }) => leadIdOf(call))].filter((id): id is string => !!id),
        emailKeys: identityKeys(callers).emailKeys,
        phones: identityKeys(callers).phones,
      },
      tx,
    );
    // Only reports touch leads: a batch of status updates reads neither.
    const reportedHere = new Set(messages.flatMap((message) => (message.type === 'end-of-call-report' ? [message.call.id] : [])));
    const history = {
      reportedCalls: await this.inbox.reportedCalls(storedCalls.map(({ vapiCallId }) => vapiCallId).filter((id) => reportedHere.has(id)), tx),
      staffEditedFields: await this.activities.fieldsStaffEditedLast(reportedHere.size > 0 ? knownLeads.map(({ id }) => id) : [], tx),
    };
    const batch = new DeliveryBatch(storedCalls, knownLeads, new Date(), await this.stages.entryStageId(tx), history);
    messages.forEach((message, i) => {
      if (message.type === 'end-of-call-report') batch.addReport(message, reports[i]!.lead, reports[i]!.call);
      else batch.addStatusUpdate(message);
    });

    const writes = batch.writes();
    // Routed last, once the batch knows its new callers: the routing lock is held for the rest of the transaction only.
    const owners = await this.router.ownersFor(writes.newLeads.length, tx);
    writes.newLeads.forEach((lead, index) => (lead.ownerId = owners[index]?.id ?? null));
    await this.leads.createMany(writes.newLeads, tx);
    await this.leads.updateMany(writes.leadChanges, writes.now, tx);
    await this.calls.upsertMany(writes.calls, tx);
    // An ended call of the agent's cadence settles its attempt: reached, or the next one scheduled.
    await this.attemptOutcomes.apply(writes.calls, tx, writes.now);
    const routed = writes.newLeads.map((lead, index) => ({ id: lead.id, owner: owners[index] }));
    const returning = await this.erasedPeople.flagNewLeads(writes.newLeads, tx, writes.now);
    const duplicates = await this.possibleDuplicates.record(writes.duplicates, writes.newLeads, null, tx, writes.now);
    await this.activities.append([...deliveryActivity(writes, knownLeads, storedCalls), ...routingActivity(routed), ...returning, ...duplicates], tx, writes.now);
    // Consent and Do Not Call asked for on a call, once its lead is written (same transaction).
    const callsByVapiId = new Map(writes.calls.map((call) => [call.vapiCallId, call]));
    const requests = messages.flatMap((message) => {
      const call = message.type === 'end-of-call-report' ? callsByVapiId.get(message.call.id) : undefined;
      return call?.leadId && message.type === 'end-of-call-report'
        ? [{ leadId: call.leadId, conversation: { kind: 'voice_call' as const, callId: call.id, vapiCallId: call.vapiCallId }, ...callerRequestsOf(message) }]
        : [];
    });
    await this.callerRequests.apply(requests, writes.now, tx);
    return batch.liveEvents();
  }
}
