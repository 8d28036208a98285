import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { ChatSession } from '../database/models';
import { ChatResults } from './chat-results';
import { ChatSessionsRepository } from './chat-sessions.repository';

/**
 * Ends a chat here, by the visitor ("End chat") or for being idle: its result's inbox row is
 * stored first (so a process that dies next leaves the result to be read, never lost), then the
 * chat is marked ended by a conditional write that one process wins, and that one tries to read
 * the result now (ChatResults). Answers whether this call ended it.
 */
@Injectable()
export class ChatEndings {
  private readonly logger = new Logger(ChatEndings.name);

  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly results: ChatResults,
    private readonly clock: Clock,
  ) {}

  /** Ends the chat and reads its result before answering (the idle sweep, one chat after another). */
  async end(chat: ChatSession, endedBy: 'visitor' | 'idle'): Promise<boolean> {
    const event = await this.results.due(chat, endedBy);
    if (!(await this.sessions.end(chat.id, endedBy, this.clock.now()))) return false;
    await this.results.attempt(event);
    return true;
  }

  /** Ends the chat now and reads its result after answering (the visitor need not wait for Vapi). */
  async endSoon(chat: ChatSession, endedBy: 'visitor' | 'idle'): Promise<boolean> {
    const event = await this.results.due(chat, endedBy);
    if (!(await this.sessions.end(chat.id, endedBy, this.clock.now()))) return false;
    this.results.attempt(event).catch((error: unknown) => this.logger.error({ err: error, chatSessionId: chat.id }, 'Reading a chat’s result failed; the next round tries again'));
    return true;
  }
}
