import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { NewActivity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Call } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { AutomaticWhatsappMessages } from '../../whatsapp/automatic/automatic-whatsapp-messages';
import { attemptOutcome } from './attempt-outcome';
import { attemptsOf, nextAttemptAt } from './callback-cadence';
import { CallbackCadencesRepository } from './callback-cadences.repository';
import { cadenceActivity, stepsOf } from './cadence-activity';

/**
 * What an ended call of a cadence comes to, in the transaction that writes its call record
 * (the webhook's, or the runner's when the report raced ahead of Vapi's answer): the lead
 * was reached (the cadence ends, no further call), or not (the next step's attempt is
 * scheduled, or the cadence is exhausted after the last), or the call never started (the
 * cadence stops). A call delivered twice is settled once (a conditional write). An unanswered
 * attempt also queues the "Sorry we missed you" WhatsApp message, when the team turned it on.
 */
@Injectable()
export class AttemptOutcomes {
  constructor(
    private readonly cadences: CallbackCadencesRepository,
    private readonly activities: LeadActivityRepository,
    private readonly whatsapp: AutomaticWhatsappMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async apply(calls: Pick<Call, 'vapiCallId' | 'status' | 'endedReason'>[], tx: TransactionClient, now: Date): Promise<void> {
    const ended = new Map(calls.filter((call) => call.status === 'ended' && call.endedReason).map((call) => [call.vapiCallId, call.endedReason!]));
    const attempts = await this.cadences.findPlacedByVapiIds([...ended.keys()], tx);
    const entries: NewActivity[] = [];
    for (const attempt of attempts) {
      const reason = ended.get(attempt.vapiCallId!)!;
      const outcome = attemptOutcome(reason);
      if (!(await this.cadences.settleOutcome(attempt.id, outcome, reason, tx))) continue;
      const { cadence } = attempt;
      const steps = stepsOf(cadence);
      const label = `attempt ${attempt.number} of ${attemptsOf(steps)}`;
      const open = cadence.state === 'open';
      if (outcome === 'answered') {
        entries.push(cadenceActivity(cadence, attempt.number, 'answered', `The lead answered the agent's call (${label})${open ? ': no further call' : ''}`));
        if (open && (await this.cadences.end(cadence.id, 'reached', null, now, tx))) await this.cadences.cancelScheduled(cadence.id, 'The lead was reached', tx);
        continue;
      }
      if (outcome === 'failed') {
        entries.push(cadenceActivity(cadence, attempt.number, 'failed', `The agent's call could not start (${label}): ${reason}`));
        if (open && (await this.cadences.end(cadence.id, 'stopped', `The call could not start: ${reason}`, now, tx))) {
          entries.push(cadenceActivity(cadence, null, 'stopped', `The agent's calls stopped: the call could not start (${reason})`));
        }
        continue;
      }
      entries.push(cadenceActivity(cadence, attempt.number, 'unanswered', `The agent's call was not answered (${label}): ${reason}`));
      await this.whatsapp.afterUnansweredAttempt({ id: attempt.id, leadId: cadence.leadId }, now, tx);
      if (!open) continue;
      const next = nextAttemptAt(steps, attempt.number + 1, attempt.claimedAt ?? now, this.config.APP_TIME_ZONE);
      if (!next) {
        if (await this.cadences.end(cadence.id, 'exhausted', null, now, tx)) {
          entries.push(cadenceActivity(cadence, null, 'exhausted', `No answer after ${attemptsOf(steps)} attempts: the agent stops calling`));
        }
        continue;
      }
      const dueAt = next < now ? now : next;
      await this.cadences.scheduleAttempt(cadence, attempt.number + 1, dueAt, tx);
      entries.push(
        cadenceActivity(cadence, attempt.number + 1, 'scheduled', `The agent will call again at ${this.wallTime(dueAt)} (attempt ${attempt.number + 1} of ${attemptsOf(steps)})`),
      );
    }
    await this.activities.append(entries, tx, now);
  }

  private wallTime(at: Date): string {
    return `${DateTime.fromJSDate(at, { zone: this.config.APP_TIME_ZONE }).toFormat('d LLL yyyy, HH:mm:ss')} ${this.config.APP_TIME_ZONE}`;
  }
}
