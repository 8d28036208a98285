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
import { WebhookDeliveryQueue } from './webhook-delivery-queue';
import { WebhookInboxRepository, type UnprocessedSelection } from './webhook-inbox.repository';

export type WebhookOutcome = { received: true; stored: boolean; processed: boolean };

const REPLAY_BATCH = 500;
/** Connections left to staff requests while webhooks queue for the rest of the pool. */
const POOL_RESERVE = 2;

/**
 * Turns the voice platform's messages into call records and leads. Each message is
 * stored in the inbox first; its effects and the inbox's "processed" mark commit in
 * one transaction, so a failure leaves an event that can be processed again.
 */
@Injectable()
export class WebhookProcessor {
  private readonly logger = new Logger(WebhookProcessor.name);
  private readonly queue: WebhookDeliveryQueue;

  constructor(
    private readonly prisma: PrismaService,
    private readonly inbox: WebhookInboxRepository,
    private readonly leads: LeadsRepository,
    private readonly calls: CallsRepository,
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = new WebhookDeliveryQueue(Math.max(1, config.DATABASE_POOL_SIZE - POOL_RESERVE));
  }

  async receive(message: { type: string }): Promise<WebhookOutcome> {
    if (!isHandledType(message.type)) return { received: true, stored: false, processed: false };
    const parsed = parseHandledMessage({ ...message, type: message.type });
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    const handled = parsed.value;
    return this.queue.run(handled.call.id, async () => {
      const event = await this.inbox.record(handled.type, handled.call.id, JSON.stringify(message));
      return { received: true, stored: true, processed: await this.process(event, handled) };
    });
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
        const changes = message.type === 'end-of-call-report' ? await this.recordReport(message, tx) : await this.recordStatus(message, tx);
        await this.inbox.markProcessed(event.id, tx);
        return changes;
      });
      for (const signal of signals) await this.liveEvents.publish(signal);
      return true;
    } catch (error) {
      this.logger.error({ err: error, eventId: event.id, type: event.type, vapiCallId: event.vapiCallId }, 'Webhook processing failed; stored for replay');
      await this.inbox.markFailed(event.id, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  /** One call record and one lead per call, however many times and in whatever order it is delivered. */
  private async recordReport(report: EndOfCallReport, tx: TransactionClient): Promise<LiveEventSignal[]> {
    const region = this.config.DEFAULT_PHONE_REGION;
    const reported = leadFromReport(report, region);
    const { lead } = reported;
    await this.leads.lockIdentities([lead.email, lead.phone], tx);
    const fields = callFromReport(report, region);
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
