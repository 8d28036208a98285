import { Inject, Injectable } from '@nestjs/common';
import { activity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { ConsentWithdrawals } from '../../compliance/consent-withdrawals';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { TransactionClient } from '../../database/prisma-client';
import type { LiveEventSignal } from '../../events/live-event';
import { leadWithPhone } from '../../leads/identity/lead-with-phone';
import { LeadIntakeService } from '../../leads/intake/lead-intake.service';
import { LeadsRepository } from '../../leads/leads.repository';
import { normalizePhoneNumber } from '../../leads/phone-number';
import { OPT_OUT_CONFIRMATION, optOutConfirmationKey } from '../messages/opt-out-confirmation';
import { WhatsappMessageQueue } from '../messages/whatsapp-message-queue';
import { WhatsappMessagesRepository } from '../messages/whatsapp-messages.repository';
import { isStopRequest } from '../opt-in/stop-request';
import { WHATSAPP_SOURCE } from '../whatsapp-channel';
import { metaTime, textOf, type IncomingMessage } from './whatsapp-notification';

/** A profile name is at most a lead's name's length. */
const NAME_MAX = 200;

/**
 * The person's message, inside the transaction that marks its delivery processed: their lead is
 * the one their number names by the identity rule (the oldest with it: a profile name is no name
 * they gave us); a number no lead has becomes a lead of the whatsapp source through the intake
 * (routing, consent, the agent's callback as the source says). The message lands on the lead's
 * timeline with Meta's timestamp, and whoever sees the lead (its owner among them) is told live.
 * A message that is nothing but STOP (or a Hindi equivalent) withdraws their WhatsApp opt-in, the
 * message itself the evidence, and queues the one reply still allowed: a confirmation.
 */
@Injectable()
export class InboundWhatsappMessages {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly intake: LeadIntakeService,
    private readonly messages: WhatsappMessagesRepository,
    private readonly activities: LeadActivityRepository,
    private readonly withdrawals: ConsentWithdrawals,
    private readonly queue: WhatsappMessageQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive(message: IncomingMessage, profileName: string | null, tx: TransactionClient): Promise<{ leadId: string; messageId: string; optedOut: boolean; signals: LiveEventSignal[] }> {
    const phone = normalizePhoneNumber(`+${message.from}`, this.config.DEFAULT_PHONE_REGION);
    if (!phone) throw new Error(`WhatsApp sender ${message.from} is not a phone number`);
    const sentAt = metaTime(message.timestamp);
    const text = textOf(message);
    // As the intake would: a second message from a new number waits for the first's lead instead of making another.
    await this.leads.lockIdentities([{ phone }], tx);
    const known = await leadWithPhone(this.leads, phone, tx);
    const { leadId, signals } = known
      ? { leadId: known.id, signals: [{ type: 'lead.updated' as const, id: known.id }] }
      : await this.intake.receive(
          {
            fields: { name: profileName?.trim().slice(0, NAME_MAX) || `WhatsApp ${phone}`, phone },
            source: WHATSAPP_SOURCE.name,
            sourceId: WHATSAPP_SOURCE.id,
            arrivedAt: sentAt,
            details: profileName ? { 'WhatsApp profile name': profileName } : {},
          },
          tx,
        );
    const stored = await this.messages.createInbound({ leadId, waMessageId: message.id, waId: message.from, type: message.type, body: text, sentAt }, tx);
    const withdrawn = isStopRequest(text)
      ? await this.withdrawals.withdrawStanding(leadId, { at: sentAt, via: 'whatsapp', evidence: { kind: 'whatsapp', messageId: stored.id, waMessageId: message.id, text: text! } }, null, tx, 'whatsapp')
      : [];
    await this.activities.append(
      [activity(leadId, 'whatsapp_message', { messageId: stored.id, direction: 'inbound', type: message.type, text, template: null, sentAt: sentAt.toISOString() }), ...withdrawn],
      tx,
    );
    const confirmation =
      withdrawn.length > 0 ? await this.queue.queue({ id: leadId, phone }, { text: OPT_OUT_CONFIRMATION }, { senderId: null, eventKey: optOutConfirmationKey(stored.id), at: new Date() }, tx) : null;
    return {
      leadId,
      messageId: stored.id,
      optedOut: withdrawn.length > 0,
      signals: [...signals, { type: 'whatsapp.message', id: stored.id }, ...(confirmation ? [{ type: 'whatsapp.message' as const, id: confirmation.id }] : [])],
    };
  }
}
