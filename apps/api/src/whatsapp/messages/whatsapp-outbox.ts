import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { PeriodicTask } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import type { WhatsappMessage } from '../../database/models';
import { LiveEventsService } from '../../events/live-events.service';
import { LeadsRepository } from '../../leads/leads.repository';
import { nextAttemptAt } from '../../inbox/retry-backoff';
import { WhatsappTemplatesRepository } from '../templates/whatsapp-templates.repository';
import { readWhatsappSettings } from '../whatsapp-settings';
import { CloudApiClient, type OutgoingContent, type SendOutcome } from './cloud-api-client';
import { isOptOutConfirmation } from './opt-out-confirmation';
import { WhatsappMessagesRepository, type OutboxClaim } from './whatsapp-messages.repository';
import { WhatsappRecipients } from './whatsapp-recipients';

/** How often each process looks for due sends (a rate-limited one's retry, one a dead process left). */
const POLL_MS = 1000;
/** Sends taken per look; the rest wait for the next. */
const BATCH = 20;
/** Why a message is unconfirmed, as staff read it beside the message. */
const UNCONFIRMED_REASON = 'The send was interrupted and WhatsApp never said whether it took the message; it is not sent again, so it cannot arrive twice. Send it again if the person did not get it.';
/** How long a send may wait for Meta's answer (CloudApiClient's timeout) on top of the lease. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends our WhatsApp messages from their rows, in every API process. A message's row is written
 * (pending, with a fresh key) before any call to Meta; a process claims it with a conditional write
 * (pending → sending, until its lease ends), so exactly one process sends it, and the key goes
 * with it as biz_opaque_callback_data. Meta's answer settles it: accepted (its id), failed for good
 * (Meta's reason), or pending again after a backoff (a rate limit, an outage). When the outcome is
 * unknown (a timeout, a process killed mid-send) the row stays sending: Meta's statuses carry the
 * key back, and the first one settles it as sent. A send no status has settled once its lease
 * (JOB_LEASE_SECONDS + the send's timeout) is over becomes unconfirmed and is never sent again:
 * Meta takes no idempotency key, so a second send could reach the person twice, and each message
 * goes at most once (a late status of Meta's still settles it; staff may send it again by hand).
 * Just before the call the rules are read again: an opt-in withdrawn (or a template archived) meanwhile sends nothing.
 */
@Injectable()
export class WhatsappOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WhatsappOutbox.name);
  /** This process, as claims name it. */
  readonly processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly rounds = new PeriodicTask(
    () => this.round(),
    (error) => this.logger.error({ err: error }, 'A round of the WhatsApp outbox failed; the next round tries again'),
  );

  constructor(
    private readonly database: Database,
    private readonly messages: WhatsappMessagesRepository,
    private readonly leads: LeadsRepository,
    private readonly recipients: WhatsappRecipients,
    private readonly templates: WhatsappTemplatesRepository,
    private readonly client: CloudApiClient,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!readWhatsappSettings(this.config).ok) return;
    this.rounds.start(POLL_MS, { runNow: true });
    // A message queued here or in another process (a STOP's confirmation) need not wait for the next look.
    this.liveEvents.onSignals((signals) => {
      if (signals.some(({ type }) => type === 'whatsapp.message')) this.kick();
    });
  }

  /** Before the database closes: a round in progress finishes first. */
  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  /** A message was queued (here or, by its live event, elsewhere): send it now rather than at the next look. */
  kick(): void {
    this.rounds.kick();
  }

  /** This process's hold on a send from `now`: its lease (JOB_LEASE_SECONDS + the send's timeout) outlasts any live send. */
  claimFrom(now: Date): OutboxClaim {
    return { processId: this.processId, leaseUntil: new Date(now.getTime() + this.config.JOB_LEASE_SECONDS * 1000 + SEND_TIMEOUT_MS) };
  }

  /** Sends a message this process holds (written claimed, or claimed by a round), and settles it by Meta's answer. */
  async sendClaimed(id: string): Promise<void> {
    await this.deliver(id);
  }

  private async claimAndSend(id: string): Promise<void> {
    const now = this.clock.now();
    if (await this.messages.claim(id, this.processId, now, this.claimFrom(now).leaseUntil)) await this.deliver(id);
  }

  private async round(): Promise<void> {
    const now = this.clock.now();
    for (const stale of await this.messages.staleSending(now)) await this.leaveUnconfirmed(stale);
    for (const id of await this.messages.duePending(now, BATCH)) {
      try {
        await this.claimAndSend(id);
      } catch (error) {
        // Claimed, it stays sending: Meta's status settles it, or its lease's end leaves it unconfirmed.
        this.logger.error({ err: error, messageId: id }, 'Sending a WhatsApp message failed; Meta’s status or its lease’s end settles it');
      }
    }
  }

  /** A send no status settled within its lease may or may not have reached WhatsApp: unconfirmed, never sent again (at most once). */
  private async leaveUnconfirmed(stale: WhatsappMessage): Promise<void> {
    const now = this.clock.now();
    const left = await this.database.transaction((tx) =>
      this.messages.settle(stale.id, null, { status: 'unconfirmed', statusAt: now, nextAttemptAt: null, claimedBy: null, error: UNCONFIRMED_REASON }, tx),
    );
    if (!left) return;
    this.logger.warn({ messageId: stale.id, claimedBy: stale.claimedBy }, 'An interrupted WhatsApp send had no word from Meta within its lease: left unconfirmed, not sent again');
    await this.liveEvents.publish({ type: 'whatsapp.message', id: stale.id });
  }

  private async deliver(id: string): Promise<void> {
    const message = (await this.messages.find(id))!;
    const lead = await this.leads.findById(message.leadId);
    const kind = message.type === 'template' ? 'template' : 'text';
    const decision = lead ? await this.recipients.eligibility(lead, kind, this.clock.now(), undefined, !isOptOutConfirmation(message.eventKey)) : null;
    if (!decision?.allowed) return this.settle(message, { kind: 'refused', code: null, reason: `Not sent: ${decision ? decision.reason : 'the lead is gone.'}` });
    const withdrawnTemplate = await this.withdrawnTemplate(message);
    if (withdrawnTemplate) return this.settle(message, { kind: 'refused', code: null, reason: `Not sent: ${withdrawnTemplate}` });
    const outcome = await this.client.send(message.waId, contentOf(message), message.idempotencyKey!);
    if (outcome.kind !== 'accepted') this.logger.warn({ messageId: id, outcome }, 'A WhatsApp message was not taken by Meta');
    await this.settle(message, outcome);
  }

  /** Why a template message's template may no longer be sent (an admin archived it meanwhile); null for one still registered, or free text. */
  private async withdrawnTemplate(message: WhatsappMessage): Promise<string | null> {
    if (message.type !== 'template') return null;
    const template = await this.templates.findRegistered(message.templateName!, message.templateLanguage!);
    if (template && !template.archivedAt) return null;
    return `the template ${message.templateName} (${message.templateLanguage}) is ${template ? 'archived' : 'not registered'}.`;
  }

  private async settle(message: WhatsappMessage, outcome: SendOutcome): Promise<void> {
    const now = this.clock.now();
    // Unknown: left sending, for Meta's status (or the lease's end) to settle.
    if (outcome.kind === 'unknown') return;
    await this.database.transaction(async (tx) => {
      const data =
        outcome.kind === 'accepted'
          ? { status: 'accepted', waMessageId: outcome.waMessageId, statusAt: now, error: null, errorCode: null, nextAttemptAt: null }
          : outcome.kind === 'refused'
            ? { status: 'failed', statusAt: now, errorCode: outcome.code, error: outcome.reason, nextAttemptAt: null }
            : { status: 'pending', errorCode: outcome.code, error: outcome.reason, nextAttemptAt: nextAttemptAt(now, message.attempts, this.config.WHATSAPP_RETRY_SECONDS), claimedBy: null };
      const settled = await this.messages.settle(message.id, this.processId, data, tx);
      // Meta's status came first (the message moved on): only its id is still ours to record.
      if (!settled && outcome.kind === 'accepted') await this.messages.recordWaMessageId(message.id, outcome.waMessageId, tx);
    });
    await this.liveEvents.publish({ type: 'whatsapp.message', id: message.id });
  }
}

function contentOf(message: WhatsappMessage): OutgoingContent {
  if (message.type !== 'template') return { text: message.body ?? '' };
  return { template: { name: message.templateName!, language: message.templateLanguage!, parameters: JSON.parse(message.variables ?? '[]') as string[] } };
}
