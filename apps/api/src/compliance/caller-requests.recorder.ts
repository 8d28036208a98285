import { Injectable } from '@nestjs/common';
import { DEFAULT_CONSENT_PURPOSE, type ConsentEvidence } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import type { TransactionClient } from '../database/prisma-client';
import { LeadsRepository } from '../leads/leads.repository';
import { ConsentWithdrawals } from './consent-withdrawals';
import { ConsentsRepository } from './consents.repository';
import { ASKED_ON_A_CALL } from './do-not-call-reasons';
import { CadenceStops, STOP_REASONS } from '../voice/callbacks/cadence-stops';

/** What one call's report asked for, about the lead it was resolved to. */
export interface CallerRequestOnCall {
  leadId: string;
  /** The call record's id and Vapi's. */
  callId: string;
  vapiCallId: string;
  consentToContact?: boolean;
  doNotCall?: boolean;
  consentLines: string[];
  doNotCallLines: string[];
}

/**
 * Applies what callers asked for on a call, inside the webhook's transaction: a consent
 * (channel voice_call, the call and the caller's lines as evidence) recorded once per call,
 * however often the report is delivered; a withdrawal of their standing consents; Do Not
 * Call with the reason "Asked on a call". Each change writes its activity entry (no actor:
 * the caller asked, through the voice agent).
 */
@Injectable()
export class CallerRequestsRecorder {
  constructor(
    private readonly consents: ConsentsRepository,
    private readonly withdrawals: ConsentWithdrawals,
    private readonly leads: LeadsRepository,
    private readonly activities: LeadActivityRepository,
    private readonly cadenceStops: CadenceStops,
  ) {}

  async apply(requests: CallerRequestOnCall[], at: Date, tx: TransactionClient): Promise<void> {
    const entries: NewActivity[] = [];
    const seen = new Set<string>();
    for (const request of requests) {
      // Duplicate deliveries of one report in one batch: the first says it all.
      if (seen.has(`${request.leadId}:${request.callId}`)) continue;
      seen.add(`${request.leadId}:${request.callId}`);
      const evidence = (lines: string[]): ConsentEvidence => ({ kind: 'voice_call', callId: request.callId, vapiCallId: request.vapiCallId, transcriptLines: lines });

      if (request.consentToContact === true && !request.doNotCall && !(await this.consents.existsForCall(request.leadId, request.callId, tx))) {
        const consent = await this.consents.create(
          {
            leadId: request.leadId,
            channel: 'voice_call',
            purpose: DEFAULT_CONSENT_PURPOSE,
            wording: request.consentLines.join(' / ') || 'Agreed on the call (no line of the transcript recorded)',
            givenAt: at,
            evidence: evidence(request.consentLines),
            callId: request.callId,
          },
          tx,
        );
        entries.push(activity(request.leadId, 'consent_given', { consentId: consent.id, channel: 'voice_call', purpose: DEFAULT_CONSENT_PURPOSE }));
      }
      if (request.consentToContact === false || request.doNotCall === true) {
        const lines = request.doNotCall ? request.doNotCallLines : request.consentLines;
        entries.push(...(await this.withdrawals.withdrawStanding(request.leadId, { at, via: 'voice_call', evidence: evidence(lines) }, null, tx)));
      }
      if (request.doNotCall === true && (await this.leads.markDoNotCall(request.leadId, ASKED_ON_A_CALL, tx))) {
        entries.push(activity(request.leadId, 'do_not_call_changed', { doNotCall: true, reason: ASKED_ON_A_CALL }));
        await this.cadenceStops.stop(request.leadId, STOP_REASONS.doNotCall, null, tx);
      }
    }
    await this.activities.append(entries, tx, at);
  }
}
