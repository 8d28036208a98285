import { Injectable } from '@nestjs/common';
import { DEFAULT_CONSENT_PURPOSE, WHATSAPP_CONSENT_PURPOSE, type ConsentEvidence } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import type { TransactionClient } from '../database/prisma-client';
import { LeadsRepository } from '../leads/leads.repository';
import { ConsentWithdrawals } from './consent-withdrawals';
import { ConsentsRepository } from './consents.repository';
import { ASKED_IN_A_CHAT, ASKED_ON_A_CALL } from './do-not-call-reasons';
import { CadenceStops, STOP_REASONS } from '../voice/callbacks/cadence-stops';
import { WHATSAPP_OPT_IN_QUESTION } from '../voice/setup/whatsapp-opt-in-question';

/** Where the person asked: on a call (its record's id and Vapi's), or in a chat with the agent (its session). */
export type Conversation = { kind: 'voice_call'; callId: string; vapiCallId: string } | { kind: 'chat'; chatSessionId: string };

/** What one conversation's report asked for, about the lead it was resolved to. */
export interface CallerRequestOnCall {
  leadId: string;
  conversation: Conversation;
  consentToContact?: boolean;
  doNotCall?: boolean;
  whatsappOptIn?: boolean;
  consentLines: string[];
  doNotCallLines: string[];
  whatsappOptInLines: string[];
}

/**
 * Applies what callers asked for on a call, or visitors in a chat, inside the transaction of
 * its report: a consent to be called (channel voice_call or chat, the conversation and the
 * person's lines as evidence) recorded once per call, however often the report is delivered (a
 * chat's result is applied once by its inbox row), and a "no" withdrawing their standing
 * consents to be called; a WhatsApp opt-in (the agent's question as its wording) recorded once
 * per call alike, and a "no" to WhatsApp withdrawing their standing opt-ins; Do Not Call with
 * the reason "Asked on a call" or "Asked in a chat", which withdraws every consent. Each change
 * writes its activity entry (no actor: the person asked, through the agent).
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
      const { conversation } = request;
      const conversationId = conversation.kind === 'voice_call' ? conversation.callId : conversation.chatSessionId;
      // Duplicate deliveries of one report in one batch: the first says it all.
      if (seen.has(`${request.leadId}:${conversationId}`)) continue;
      seen.add(`${request.leadId}:${conversationId}`);
      const evidence = (lines: string[]): ConsentEvidence =>
        conversation.kind === 'voice_call'
          ? { kind: 'voice_call', callId: conversation.callId, vapiCallId: conversation.vapiCallId, transcriptLines: lines }
          : { kind: 'chat', conversationId, lines };
      const callId = conversation.kind === 'voice_call' ? conversation.callId : undefined;

      const recordedOnThisCall = async (purpose: string) => callId !== undefined && (await this.consents.existsForCall(request.leadId, callId, purpose, tx));
      const withdrawal = (lines: string[]) => ({ at, via: conversation.kind, evidence: evidence(lines) });

      if (request.consentToContact === true && !request.doNotCall && !(await recordedOnThisCall(DEFAULT_CONSENT_PURPOSE))) {
        const consent = await this.consents.create(
          {
            leadId: request.leadId,
            channel: conversation.kind,
            purpose: DEFAULT_CONSENT_PURPOSE,
            wording: request.consentLines.join(' / ') || (callId ? 'Agreed on the call (no line of the transcript recorded)' : 'Agreed in the chat (no line of it recorded)'),
            givenAt: at,
            evidence: evidence(request.consentLines),
            callId,
          },
          tx,
        );
        entries.push(activity(request.leadId, 'consent_given', { consentId: consent.id, channel: conversation.kind, purpose: DEFAULT_CONSENT_PURPOSE }));
      }
      if (request.whatsappOptIn === true && !request.doNotCall && !(await recordedOnThisCall(WHATSAPP_CONSENT_PURPOSE))) {
        const optIn = await this.consents.create(
          {
            leadId: request.leadId,
            channel: conversation.kind,
            purpose: WHATSAPP_CONSENT_PURPOSE,
            wording: WHATSAPP_OPT_IN_QUESTION,
            givenAt: at,
            evidence: evidence(request.whatsappOptInLines),
            callId,
          },
          tx,
        );
        entries.push(activity(request.leadId, 'consent_given', { consentId: optIn.id, channel: conversation.kind, purpose: WHATSAPP_CONSENT_PURPOSE }));
      }
      if (request.doNotCall === true) {
        entries.push(...(await this.withdrawals.withdrawStanding(request.leadId, withdrawal(request.doNotCallLines), null, tx)));
      } else {
        // A "no" to calls is not a "no" to WhatsApp, nor the other way round: the same report may say yes to one.
        if (request.consentToContact === false) entries.push(...(await this.withdrawals.withdrawStanding(request.leadId, withdrawal(request.consentLines), null, tx, 'calls')));
        if (request.whatsappOptIn === false) entries.push(...(await this.withdrawals.withdrawStanding(request.leadId, withdrawal(request.whatsappOptInLines), null, tx, 'whatsapp')));
      }
      const reason = callId ? ASKED_ON_A_CALL : ASKED_IN_A_CHAT;
      if (request.doNotCall === true && (await this.leads.markDoNotCall(request.leadId, reason, tx))) {
        entries.push(activity(request.leadId, 'do_not_call_changed', { doNotCall: true, reason }));
        await this.cadenceStops.stop(request.leadId, STOP_REASONS.doNotCall, null, tx);
      }
    }
    await this.activities.append(entries, tx, at);
  }
}
