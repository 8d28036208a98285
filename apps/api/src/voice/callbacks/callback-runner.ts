import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { Clock } from '../../common/clock';
import { PeriodicTask } from '../../common/periodic-task';
import { CallEligibilityService } from '../../compliance/call-eligibility.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import type { CallAttempt } from '../../database/models';
import { LiveEventsService } from '../../events/live-events.service';
import { LeadsRepository } from '../../leads/leads.repository';
import { normalizePhoneNumber } from '../../leads/phone-number';
import { leadIdOf, type VapiCall } from '../webhooks/vapi-message';
import { CallsRepository } from '../calls/calls.repository';
import { CallCreationFailed, VapiCalls } from '../calls/vapi-calls';
import { AttemptOutcomes } from './attempt-outcomes';
import { attemptsOf } from './callback-cadence';
import { CallbackCadencesRepository, type AttemptWithCadence } from './callback-cadences.repository';
import { cadenceActivity, stepsOf } from './cadence-activity';
import { CadenceStops, STOP_REASONS } from './cadence-stops';

/** How often each process looks for due attempts. */
const POLL_MS = 1000;
/** Attempts claimed per look; the rest wait for the next. */
const BATCH = 20;
/** Vapi's clock and ours may differ a little: calls are asked for from this much before the claim. */
const CLOCK_SKEW_MS = 60_000;
const REQUIRED = ['VAPI_PRIVATE_KEY', 'VAPI_ASSISTANT_ID', 'VAPI_PHONE_NUMBER_ID'] as const;

/**
 * Dials the cadences' due attempts, in every API process: each attempt is claimed with a
 * conditional write (scheduled → dialing, by this process), so exactly one process dials it.
 * Before anything else, an attempt left dialing longer than the lease (its process died
 * while Vapi was answering, or gave up without an answer) is reconciled with Vapi's call
 * list: the call found is recorded, otherwise the attempt is dialled again. The lease
 * (JOB_LEASE_SECONDS + VAPI_TIMEOUT_SECONDS) outlasts any live dial, which gives up at
 * VAPI_TIMEOUT_SECONDS.
 */
@Injectable()
export class CallbackRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CallbackRunner.name);
  /** This process, as claims name it. */
  readonly processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly rounds = new PeriodicTask(
    () => this.round(),
    (error) => this.logger.error({ err: error }, 'A round of the agent callbacks failed; the next round tries again'),
  );

  constructor(
    private readonly database: Database,
    private readonly cadences: CallbackCadencesRepository,
    private readonly outcomes: AttemptOutcomes,
    private readonly stops: CadenceStops,
    private readonly leads: LeadsRepository,
    private readonly calls: CallsRepository,
    private readonly vapiCalls: VapiCalls,
    private readonly eligibility: CallEligibilityService,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const missing = REQUIRED.filter((variable) => !this.config[variable]);
    if (missing.length > 0) {
      this.logger.warn({ missing }, 'The agent places no callbacks until outbound calls are configured');
      return;
    }
    this.rounds.start(POLL_MS, { runNow: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  /** Looks for due attempts now rather than at the next tick (a new lead due at once). */
  kick(): void {
    this.rounds.kick();
  }

  private get leaseMs(): number {
    return (this.config.JOB_LEASE_SECONDS + this.config.VAPI_TIMEOUT_SECONDS) * 1000;
  }

  private async round(): Promise<void> {
    for (const attempt of await this.cadences.findStaleDialing(new Date(this.clock.now().getTime() - this.leaseMs))) {
      if (await this.cadences.claimReconciliation(attempt, this.processId)) await this.reconcile(attempt);
    }
    for (;;) {
      const now = this.clock.now();
      const due = await this.cadences.findDue(now, BATCH);
      for (const { id } of due) if (await this.cadences.claim(id, this.processId, now)) await this.dial(id);
      if (due.length < BATCH) return;
    }
  }

  /**
   * An attempt whose dial may or may not have reached Vapi: the calls of our number made
   * since its claim, to this lead's number, not yet tied to another of its attempts.
   */
  private async reconcile(stale: CallAttempt): Promise<void> {
    const attempt = (await this.cadences.findWithCadence(stale.id))!;
    const lead = await this.leads.findById(attempt.leadId);
    const number = lead?.phone ? normalizePhoneNumber(lead.phone, this.config.DEFAULT_PHONE_REGION) : null;
    const known = await this.cadences.knownCallIds(attempt.cadenceId);
    const since = new Date(stale.claimedAt!.getTime() - CLOCK_SKEW_MS);
    const made = (await this.vapiCalls.listSince(since)).find(
      (call) => call.customer?.number === number && !known.has(call.id) && (leadIdOf(call as unknown as VapiCall) ?? attempt.leadId) === attempt.leadId,
    );
    if (made) {
      this.logger.warn({ attemptId: attempt.id, vapiCallId: made.id }, 'An interrupted dial had reached Vapi: its call is recorded, not dialled again');
      await this.recordPlaced(attempt, made.id, made.status ?? 'queued', number!);
      return;
    }
    this.logger.warn({ attemptId: attempt.id }, 'An interrupted dial never reached Vapi: the attempt is dialled again');
    await this.database.transaction((tx) =>
      this.cadences.settleClaim(attempt.id, this.processId, { state: 'scheduled', note: 'Dialled again: an interrupted dial had placed no call' }, tx),
    );
  }

  private async dial(attemptId: string): Promise<void> {
    const attempt = (await this.cadences.findWithCadence(attemptId))!;
    const label = `attempt ${attempt.number} of ${attemptsOf(stepsOf(attempt.cadence))}`;
    const lead = await this.leads.findWithPipeline(attempt.leadId);
    if (attempt.cadence.state !== 'open' || !lead) return this.cancel(attempt, 'The cadence had ended', null);
    // A won or lost lead whose change reached the database by another path than an edit.
    if (lead.stage.kind !== 'open') return this.cancel(attempt, STOP_REASONS.movedTo(lead.stage.name), STOP_REASONS.movedTo(lead.stage.name));
    const number = lead.phone ? normalizePhoneNumber(lead.phone, this.config.DEFAULT_PHONE_REGION) : null;
    if (!number) return this.cancel(attempt, 'No phone number to call', 'No phone number to call');

    const decision = await this.eligibility.check(lead, number);
    if (!decision.allowed && decision.nextAllowedAt) {
      // Outside calling hours or a holiday: the same attempt waits for the next allowed time.
      await this.database.transaction(async (tx) => {
        const dueAt = new Date(decision.nextAllowedAt!);
        if (!(await this.cadences.settleClaim(attempt.id, this.processId, { state: 'scheduled', dueAt, note: decision.reason }, tx))) return;
        await this.activities.append([cadenceActivity(attempt.cadence, attempt.number, 'rescheduled', `The agent's call waits (${label}): ${decision.reason}`)], tx);
      });
      return;
    }
    if (!decision.allowed) return this.cancel(attempt, decision.reason!, decision.reason!);

    let created: { id: string; status: string };
    try {
      created = await this.vapiCalls.create(number, lead.name, lead.id);
    } catch (error) {
      if (error instanceof CallCreationFailed && !error.outcomeUnknown) {
        return this.cancel(attempt, error.message, `The voice platform refused the call (${error.message})`, 'failed');
      }
      // Vapi may have created the call: left dialing, the attempt is reconciled after the lease.
      this.logger.error({ err: error, attemptId, leadId: lead.id }, 'Creating a callback call had no clear outcome; it is reconciled after the lease');
      return;
    }
    await this.recordPlaced(attempt, created.id, created.status, number);
  }

  /** The attempt did not dial (state cancelled, or failed); `stopReason` stops the cadence too. */
  private async cancel(attempt: AttemptWithCadence, note: string, stopReason: string | null, state: 'cancelled' | 'failed' = 'cancelled'): Promise<void> {
    await this.database.transaction(async (tx) => {
      if (!(await this.cadences.settleClaim(attempt.id, this.processId, { state, note }, tx))) return;
      if (stopReason) await this.stops.stop(attempt.leadId, stopReason, null, tx);
    });
  }

  /** The call exists at Vapi: the attempt is placed, its call record stored, the timeline told, in one transaction. */
  private async recordPlaced(attempt: AttemptWithCadence, vapiCallId: string, status: string, number: string): Promise<void> {
    const label = `attempt ${attempt.number} of ${attemptsOf(stepsOf(attempt.cadence))}`;
    const callId = await this.database
      .transaction(async (tx) => {
        await this.calls.lockCall(vapiCallId, tx);
        if (!(await this.cadences.settleClaim(attempt.id, this.processId, { state: 'placed', vapiCallId, note: null }, tx))) {
          this.logger.error({ attemptId: attempt.id, vapiCallId }, 'A callback call was placed after this process lost its claim');
          return null;
        }
        // A status update may have raced ahead of Vapi's answer: the upsert keeps one record and its status.
        const call = await this.calls.upsert(
          vapiCallId,
          { leadId: attempt.leadId, type: 'outboundPhoneCall', status, customerNumber: number },
          { leadId: attempt.leadId, customerNumber: number },
          tx,
        );
        const now = this.clock.now();
        await this.activities.append([cadenceActivity(attempt.cadence, attempt.number, 'called', `The agent called (${label})`)], tx, now);
        await this.outcomes.apply([call], tx, now);
        return call.id;
      })
      .catch((error: unknown) => {
        // The customer is being dialled: whoever reads the log must be able to match the call.
        this.logger.error({ err: error, vapiCallId, attemptId: attempt.id }, 'Callback call placed but not recorded; it is reconciled after the lease');
        throw error;
      });
    if (callId) await this.liveEvents.publish({ type: 'call.updated', id: callId });
  }
}
