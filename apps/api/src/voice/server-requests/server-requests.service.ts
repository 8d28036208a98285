import { Injectable, Logger } from '@nestjs/common';
import type { Vapi } from '@vapi-ai/server-sdk';
import { InvalidFieldsException } from '../../common/field-errors';
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

/**
 * Answers the messages Vapi waits on during a call, each by its handler, while the message is
 * stored in the inbox beside it (one insert, at the same time as the answer is worked out, so
 * the answer does not wait for it in turn). A message that cannot be stored is still answered:
 * the caller is on the line; the failure is logged with the call.
 */
@Injectable()
export class ServerRequestsService {
  private readonly logger = new Logger(ServerRequestsService.name);

  constructor(
    private readonly inbox: WebhookInboxRepository,
    private readonly toolCalls: ToolCallsHandler,
    private readonly transfers: TransferDestinationHandler,
    private readonly assistants: AssistantRequestHandler,
  ) {}

  async answer(message: { type: ServerRequestType }): Promise<ServerRequestAnswer> {
    const parsed = parseServerRequest(message);
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    const request = parsed.value;
    const vapiCallId = request.call?.id ?? null;
    // Stored without the credentials a message may carry (an inline assistant's server secret, a Twilio auth token).
    const recorded = this.inbox.recordAnswered(request.type, vapiCallId, JSON.stringify(message, maskCredential)).then(
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
