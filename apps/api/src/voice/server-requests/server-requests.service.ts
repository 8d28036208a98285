import { Injectable, Logger } from '@nestjs/common';
import type { Vapi } from '@vapi-ai/server-sdk';
import { InvalidFieldsException } from '../../common/field-errors';
import { Database } from '../../database/database';
import { GroupCommit } from '../webhooks/group-commit';
import { maskCredential } from '../webhooks/masked-credentials';
import { WebhookInboxRepository } from '../webhooks/webhook-inbox.repository';
import { AssistantRequestHandler } from './assistant-request/assistant-request.handler';
import { parseServerRequest, type ServerRequest, type ServerRequestType } from './server-request-message';
import { ToolCallsHandler } from './tool-calls/tool-calls.handler';
import { TransferDestinationHandler } from './transfer/transfer-destination.handler';

/** What Vapi is answered with, by the message's type (ServerMessageResponse's members). */
export type ServerRequestAnswer =
  | Vapi.ServerMessageResponseToolCalls
  | Vapi.ServerMessageResponseTransferDestinationRequest
  | Vapi.ServerMessageResponseAssistantRequest;

/** Messages stored in one statement at most. */
const INBOX_BATCH = 64;

/**
 * Answers the messages Vapi waits on during a call, each by its handler, while the message is
 * stored in the inbox beside it (at the same time as the answer is worked out, so the answer
 * does not wait for it in turn; messages arriving together are stored together, one insert).
 * A message that cannot be stored is still answered: the caller is on the line; the failure
 * is logged with the call.
 */
@Injectable()
export class ServerRequestsService {
  private readonly logger = new Logger(ServerRequestsService.name);
  private readonly inboxWrites: GroupCommit<{ type: string; vapiCallId: string | null; payload: string }, void>;

  constructor(
    database: Database,
    inbox: WebhookInboxRepository,
    private readonly toolCalls: ToolCallsHandler,
    private readonly transfers: TransferDestinationHandler,
    private readonly assistants: AssistantRequestHandler,
  ) {
    const store = async (messages: { type: string; vapiCallId: string | null; payload: string }[]) => {
      await inbox.recordAnswered(messages);
      return messages.map(() => undefined);
    };
    this.inboxWrites = new GroupCommit(store, INBOX_BATCH, database.dialect.parallelWriters);
  }

  async answer(message: { type: ServerRequestType }): Promise<ServerRequestAnswer> {
    const parsed = parseServerRequest(message);
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    const request = parsed.value;
    const vapiCallId = request.call?.id ?? null;
    // Stored without the credentials a message may carry (an inline assistant's server secret, a Twilio auth token).
    const recorded = this.inboxWrites.add({ type: request.type, vapiCallId, payload: JSON.stringify(message, maskCredential) }).then(
      () => undefined,
      (error: unknown) => this.logger.error({ err: error, type: request.type, vapiCallId }, 'Could not store an answered server message in the inbox'),
    );
    const [answer] = await Promise.all([this.answerOf(request), recorded]);
    return answer;
  }

  private answerOf(request: ServerRequest): Promise<ServerRequestAnswer> {
    switch (request.type) {
      case 'tool-calls':
        return this.toolCalls.answer(request);
      case 'transfer-destination-request':
        return this.transfers.answer(request);
      case 'assistant-request':
        return this.assistants.answer(request);
    }
  }
}
