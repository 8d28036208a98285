import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { ChatSession } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';

/** Who ended a chat: the visitor ("End chat"), its idleness, or Vapi (a session completed there). */
export type ChatEndedBy = 'visitor' | 'idle' | 'platform';

/**
 * The page's chats (chat_sessions): the only place that queries them. Every change of state
 * is a conditional write, so of several API processes exactly one ends or finishes a chat.
 */
@Injectable()
export class ChatSessionsRepository {
  constructor(private readonly database: Database) {}

  /** A chat Vapi has just opened a session for, stored before its first message is forwarded. */
  start(vapiSessionId: string, expiresAt: Date, now: Date): Promise<ChatSession> {
    return this.database.transaction((tx) => tx.chatSession.create({ data: { vapiSessionId, startedAt: now, lastActivityAt: now, expiresAt } }));
  }

  findByVapiId(vapiSessionId: string, db: Pick<TransactionClient, 'chatSession'> = this.database.client): Promise<ChatSession | null> {
    return db.chatSession.findUnique({ where: { vapiSessionId } });
  }

  /** A message went by: the chat is not idle. False when it is no longer active (it ended meanwhile). */
  async touch(id: string, now: Date): Promise<boolean> {
    const { count } = await this.database.transaction((tx) => tx.chatSession.updateMany({ where: { id, state: 'active' }, data: { lastActivityAt: now } }));
    return count === 1;
  }

  /**
   * Ends an active chat, in the transaction that stores its result's inbox row; false when it was
   * not active (another process, or the visitor, ended it first), or, ended for being idle, when
   * a message came since `quietSince`.
   */
  async end(id: string, endedBy: ChatEndedBy, now: Date, quietSince: Date | undefined, tx: TransactionClient): Promise<boolean> {
    const { count } = await tx.chatSession.updateMany({ where: { id, state: 'active', ...(quietSince ? { lastActivityAt: { lt: quietSince } } : {}) }, data: { state: 'ended', endedBy, endedAt: now } });
    return count === 1;
  }

  /** Active chats with no message since `before`, quiet for longest first. */
  idleSince(before: Date, limit: number): Promise<ChatSession[]> {
    return this.database.client.chatSession.findMany({ where: { state: 'active', lastActivityAt: { lt: before } }, orderBy: { lastActivityAt: 'asc' }, take: limit });
  }

  /**
   * In the transaction that writes its lead (null: the visitor never wrote, so none): the chat's
   * result as read, the lead it made or updated, and who ended it (a chat still active here was ended at Vapi).
   */
  async finish(chat: ChatSession, endedBy: ChatEndedBy, leadId: string | null, result: string, now: Date, tx: TransactionClient): Promise<void> {
    await tx.chatSession.update({ where: { id: chat.id }, data: { state: 'finished', finishedAt: now, leadId, result, endedBy, endedAt: chat.endedAt ?? now } });
  }
}
