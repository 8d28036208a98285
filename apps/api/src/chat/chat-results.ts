import { Inject, Injectable, Logger } from '@nestjs/common';
import { activity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import { Clock } from '../common/clock';
import { CallerRequestsRecorder } from '../compliance/caller-requests.recorder';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import type { ChatSession, WebhookEvent } from '../database/models';
import type { LiveEventSignal } from '../events/live-event';
import { LiveEventsService } from '../events/live-events.service';
import { ChannelDeliveriesRepository } from '../inbox/channel-deliveries.repository';
import { DeliveryTries, type DeliveryTry } from '../inbox/delivery-tries';
import { LeadIntakeService } from '../leads/intake/lead-intake.service';
import type { ReportReading } from '../voice/webhooks/end-of-call-report';
import { CHAT_CHANNEL } from './chat-channel';
import { chatResultOf } from './chat-result';
import { ChatSessionsRepository, type ChatEndedBy } from './chat-sessions.repository';
import { VapiChatFailed, VapiChats } from './vapi-chats';
import { isCompleted, SESSION_UPDATED, sessionUpdatedSchema, type VapiSession } from './vapi-session';

/** An inbox row saying a chat ended here and its result is to be read from Vapi (a `session.updated` may replace it). */
export const CHAT_ENDED = 'chat.ended';

/**
 * Turns a finished chat into a lead, exactly once: its result is Vapi's completed session,
 * delivered by `session.updated` or, for a chat that ended here, read from Vapi (the session is
 * marked completed first: its artifact exists only then). Each chat has one inbox row (channel
 * chat, keyed by the session), stored before anything is applied; one try of it at a time is
 * claimed across API processes, and its lead, the chat's timeline entry, consent and Do Not
 * Call, the row's processed mark and the chat's finish commit together, through the intake a
 * call's caller goes through (identity rule, routing, source `chat bot`). A try that fails (Vapi
 * unreachable, the result not ready) leaves its error on the row, where the webhook inbox lists
 * it, and ChatSchedule tries it again with backoff until it succeeds.
 */
@Injectable()
export class ChatResults {
  private readonly logger = new Logger(ChatResults.name);
  private readonly tries: DeliveryTries;
  private readonly reading: ReportReading;

  constructor(
    private readonly database: Database,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly sessions: ChatSessionsRepository,
    private readonly vapiChats: VapiChats,
    private readonly intake: LeadIntakeService,
    private readonly callerRequests: CallerRequestsRecorder,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.reading = { phoneRegion: config.DEFAULT_PHONE_REGION, qualifiedFrom: config.VAPI_QUALIFIED_FROM };
    this.tries = new DeliveryTries(deliveries, (event, error) => {
      this.logger.warn({ err: error, eventId: event.id, vapiSessionId: event.externalId }, 'A finished chat’s result was not applied; it will be tried again');
    });
  }

  /** A chat ends here (by the visitor, or idle): its result is due, stored in the transaction that marks the chat ended. */
  due(chat: ChatSession, endedBy: ChatEndedBy, tx: TransactionClient): Promise<WebhookEvent> {
    return this.deliveries.store({ channel: CHAT_CHANNEL, externalId: chat.vapiSessionId, type: CHAT_ENDED, payload: JSON.stringify({ vapiSessionId: chat.vapiSessionId, endedBy }) }, tx);
  }

  /** Vapi's `session.updated` of a completed session: stored (it says more than a row that only said the result was due), then tried. */
  async delivered(vapiSessionId: string, payload: string): Promise<{ event: WebhookEvent; outcome: DeliveryTry }> {
    const event = await this.deliveries.storeNewer({ channel: CHAT_CHANNEL, externalId: vapiSessionId, type: SESSION_UPDATED, payload });
    return { event, outcome: await this.attempt(event) };
  }

  attempt(event: WebhookEvent): Promise<DeliveryTry> {
    return this.tries.run(event, () => this.apply(event));
  }

  private async apply(event: WebhookEvent): Promise<void> {
    const vapiSessionId = event.externalId!;
    const chat = await this.sessions.findByVapiId(vapiSessionId);
    if (!chat) throw new Error(`No chat of Vapi session ${vapiSessionId} is stored`);
    const session = await this.resultOf(event, vapiSessionId);
    const result = chatResultOf(session, this.reading);
    const now = this.clock.now();
    const endedBy = (chat.endedBy ?? endedByOf(event)) as ChatEndedBy;
    const signals = await this.database.transaction(async (tx): Promise<LiveEventSignal[]> => {
      // A chat the visitor never wrote in describes nobody: it finishes without a lead.
      if (!result.turns.some(({ role }) => role === 'visitor')) {
        await this.deliveries.markProcessed(event.id, null, tx);
        await this.sessions.finish(chat, endedBy, null, JSON.stringify(session), now, tx);
        return [];
      }
      const outcome = await this.intake.receive(result.lead, tx);
      await this.activities.append([activity(outcome.leadId, 'chat', { chatSessionId: chat.id, vapiSessionId, endedBy, messages: result.turns })], tx, now);
      await this.callerRequests.apply([{ leadId: outcome.leadId, conversation: { kind: 'chat', chatSessionId: chat.id }, ...result.requests }], now, tx);
      await this.deliveries.markProcessed(event.id, outcome.leadId, tx);
      await this.sessions.finish(chat, endedBy, outcome.leadId, JSON.stringify(session), now, tx);
      return outcome.signals;
    });
    await this.liveEvents.publishAll(signals);
  }

  /**
   * The completed session: as `session.updated` delivered it, else from Vapi, marked completed
   * first (idempotent: a session completed already stays so). A session that is not completed,
   * or has no artifact yet, is not a result: the try fails and is made again later.
   */
  private async resultOf(event: WebhookEvent, vapiSessionId: string): Promise<VapiSession> {
    if (event.type === SESSION_UPDATED) {
      const delivered = sessionUpdatedSchema.safeParse(JSON.parse(event.payload));
      if (delivered.success && isCompleted(delivered.data.session) && delivered.data.session.artifact) return delivered.data.session;
    }
    try {
      await this.vapiChats.complete(vapiSessionId);
    } catch (error) {
      // Reading says whether it is completed all the same (Vapi may refuse to complete a completed session).
      if (!(error instanceof VapiChatFailed)) throw error;
      this.logger.warn({ err: error, vapiSessionId }, 'Vapi did not mark a chat session completed; reading it anyway');
    }
    const session = await this.vapiChats.read(vapiSessionId);
    if (!isCompleted(session)) throw new Error(`Vapi's session ${vapiSessionId} is not completed yet (status ${session.status ?? 'unknown'})`);
    if (!session.artifact) throw new Error(`Vapi's session ${vapiSessionId} is completed but has no artifact yet`);
    return session;
  }
}

/** Who ended a chat, as its inbox row says: the visitor or idleness for a chat ended here, Vapi for a delivered session. */
function endedByOf(event: WebhookEvent): ChatEndedBy {
  if (event.type !== CHAT_ENDED) return 'platform';
  return (JSON.parse(event.payload) as { endedBy: ChatEndedBy }).endedBy;
}
