import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { Database } from '../database/database';
import type { ChatSession, WebhookEvent } from '../database/models';
import { ChatResults } from './chat-results';
import { ChatSessionsRepository } from './chat-sessions.repository';

/**
 * Ends a chat here, by the visitor ("End chat") or for being idle: the chat is marked ended by a
 * conditional write that one process wins, in one transaction with its result's inbox row (so a
 * process that dies next leaves the result to be read, never lost), and that process tries to
 * read the result now (ChatResults). Answers whether this call ended it.
 */
@Injectable()
export class ChatEndings {
  private readonly logger = new Logger(ChatEndings.name);

  constructor(
    private readonly database: Database,
    private readonly sessions: ChatSessionsRepository,
    private readonly results: ChatResults,
    private readonly clock: Clock,
  ) {}

  /** Ends a chat quiet since `quietSince` and reads its result before answering (the idle sweep, one chat after another). */
  async endIdle(chat: ChatSession, quietSince: Date): Promise<boolean> {
    const due = await this.end(chat, 'idle', quietSince);
    if (due) await this.results.attempt(due);
    return due !== null;
  }

  /** The visitor ended the chat: ended now, its result read after answering (the visitor need not wait for Vapi). */
  async endByVisitor(chat: ChatSession): Promise<boolean> {
    const due = await this.end(chat, 'visitor');
    if (due) {
      this.results.attempt(due).catch((error: unknown) => this.logger.error({ err: error, chatSessionId: chat.id }, 'Reading a chat’s result failed; the next round tries again'));
    }
    return due !== null;
  }

  /** The result's inbox row, when this call ended the chat. */
  private end(chat: ChatSession, endedBy: 'visitor' | 'idle', quietSince?: Date): Promise<WebhookEvent | null> {
    return this.database.transaction(async (tx) => ((await this.sessions.end(chat.id, endedBy, this.clock.now(), quietSince, tx)) ? this.results.due(chat, endedBy, tx) : null));
  }
}
