import { BadGatewayException, GatewayTimeoutException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ChatStreamEvent } from '@lead-desk/contracts';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ChatSession } from '../database/models';
import { ChatSessionsRepository } from './chat-sessions.repository';
import { VapiChatFailed, VapiChats } from './vapi-chats';

/** What the visitor reads when the agent's answer fails midway: the message may be sent again. */
export const ANSWER_FAILED = 'The agent could not answer just now. Please send your message again.';
export const ANSWER_TIMED_OUT = 'The agent took too long to answer. Please send your message again.';

/** An answer under way: its session (the stream's first event), then the agent's words and `done`, or `error`. */
export interface OpenedAnswer {
  session: Extract<ChatStreamEvent, { event: 'session' }>;
  events: AsyncGenerator<ChatStreamEvent>;
}

/**
 * The page's chat through the API (POST /api/chat/messages): each visitor message goes to Vapi
 * with the private key and the answer comes back word by word. A message without a session, or
 * for one that is over (ended, finished, expired at Vapi, or unknown here), starts a new one,
 * stored before the message is forwarded. Each message is the chat's activity: a chat without
 * one for CHAT_IDLE_MINUTES is finished (ChatEndings), so the browser keeps its session until
 * then, or until Vapi's session expires if that is sooner.
 */
@Injectable()
export class ChatRelay {
  private readonly logger = new Logger(ChatRelay.name);

  constructor(
    private readonly vapiChats: VapiChats,
    private readonly sessions: ChatSessionsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens the answer to a message; throws (JSON errors: 503 not configured, 502/504 Vapi) before any event is sent. */
  async open(message: { sessionId?: string | null; text: string }, signal: AbortSignal): Promise<OpenedAnswer> {
    const missing = this.vapiChats.missingConfiguration();
    if (missing.length > 0) throw new ServiceUnavailableException(`The chat is not configured: set ${missing.join(' and ')}.`);
    const chat = await this.sessionFor(message.sessionId ?? undefined);
    return {
      session: { event: 'session', data: { sessionId: chat.vapiSessionId, expiresAt: this.expiryOf(chat).toISOString() } },
      events: this.answer(chat, message.text, signal),
    };
  }

  private async *answer(chat: ChatSession, text: string, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    try {
      for await (const words of this.vapiChats.answer(chat.vapiSessionId, text, signal)) yield { event: 'delta', data: { text: words } };
      await this.sessions.touch(chat.id, this.clock.now());
      yield { event: 'done', data: {} };
    } catch (error) {
      if (signal.aborted) return;
      this.logger.error({ err: error, chatSessionId: chat.id, vapiSessionId: chat.vapiSessionId }, 'A chat answer failed');
      yield { event: 'error', data: { message: error instanceof VapiChatFailed && error.timedOut ? ANSWER_TIMED_OUT : ANSWER_FAILED } };
    }
  }

  /** The chat a message continues, its activity noted; or a new one when it names none that goes on. */
  private async sessionFor(vapiSessionId: string | undefined): Promise<ChatSession> {
    const now = this.clock.now();
    const known = vapiSessionId ? await this.sessions.findByVapiId(vapiSessionId) : null;
    if (known && known.expiresAt > now && (await this.sessions.touch(known.id, now))) return { ...known, lastActivityAt: now };
    try {
      const opened = await this.vapiChats.openSession();
      return await this.sessions.start(opened.id, opened.expiresAt, now);
    } catch (error) {
      if (!(error instanceof VapiChatFailed)) throw error;
      this.logger.error({ err: error }, 'Vapi did not open a chat session');
      throw error.timedOut ? new GatewayTimeoutException(ANSWER_TIMED_OUT) : new BadGatewayException(ANSWER_FAILED);
    }
  }

  /** Until when the browser keeps the session: the chat's idle limit from its last message, or Vapi's expiry if sooner. */
  private expiryOf(chat: ChatSession): Date {
    const idleEnd = chat.lastActivityAt.getTime() + this.config.CHAT_IDLE_MINUTES * 60_000;
    return new Date(Math.min(idleEnd, chat.expiresAt.getTime()));
  }
}
