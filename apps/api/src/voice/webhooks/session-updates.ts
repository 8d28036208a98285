import { Injectable, Logger } from '@nestjs/common';
import { ChatResults } from '../../chat/chat-results';
import { ChatSessionsRepository } from '../../chat/chat-sessions.repository';
import { isCompleted, sessionUpdatedSchema } from '../../chat/vapi-session';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';
import { maskCredential } from './masked-credentials';
import type { WebhookOutcome } from './webhook-processor.service';
import { WebhookInboxRepository } from './webhook-inbox.repository';

/**
 * `session.updated` (ServerMessageSessionUpdated), authenticated as every server message: a
 * completed session of one of the page's chats is its result, stored in the inbox and applied
 * (ChatResults: one lead per chat, however often and by whichever way the result comes). An
 * update of a session still active says nothing to act on and is not stored; a completed session
 * this API never opened (a chat elsewhere with the same assistant) is stored for an admin.
 */
@Injectable()
export class SessionUpdates {
  private readonly logger = new Logger(SessionUpdates.name);

  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly results: ChatResults,
    private readonly inbox: WebhookInboxRepository,
  ) {}

  async receive(message: { type: string }): Promise<WebhookOutcome> {
    const parsed = sessionUpdatedSchema.safeParse(message);
    if (!parsed.success) throw new InvalidFieldsException(fieldErrorsFromZod(parsed.error).map((error) => ({ ...error, field: `message.${error.field}` })));
    const { session } = parsed.data;
    if (!isCompleted(session)) return { received: true, stored: false, processed: false };
    // Stored without the credentials a message may carry (an inline assistant's server secret).
    const payload = JSON.stringify(message, maskCredential);
    if (!(await this.sessions.findByVapiId(session.id))) {
      const event = await this.inbox.recordUnattributable(message.type, payload);
      this.logger.warn({ eventId: event.id, vapiSessionId: session.id }, 'A completed chat session this API never opened: stored as unattributable');
      return { received: true, stored: true, processed: false, unattributable: true };
    }
    const { event, outcome } = await this.results.delivered(session.id, payload);
    return { received: true, stored: true, processed: event.processedAt !== null || outcome === 'processed' };
  }
}
