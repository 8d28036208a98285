import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WebhookReceipt } from '@lead-desk/contracts';
import type { Response } from 'express';
import { Public } from '../../auth/auth.decorators';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { RateLimit, WEBHOOK_LIMIT } from '../../common/rate-limits';
import { WebhookBody } from '../../common/request-body/request-body.decorators';
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from './message-depth';
import { WebhookCredentialsGuard } from './credentials/webhook-credentials.guard';
import { WebhookRefusalsGuard } from './credentials/webhook-refusals.guard';
import { isServerRequestType } from '../server-requests/server-request-message';
import { ServerRequestsService, type ServerRequestAnswer } from '../server-requests/server-requests.service';
import { webhookEnvelopeSchema } from './vapi-message';
import { SESSION_UPDATED } from '../../chat/vapi-session';
import { SessionUpdates } from './session-updates';
import { WebhookProcessor } from './webhook-processor.service';
import { WebhookReceiptOutput } from './webhook-receipt.output';

@ApiTags('voice')
@Public()
@Controller('webhooks')
export class VapiWebhookController {
  constructor(
    private readonly processor: WebhookProcessor,
    private readonly serverRequests: ServerRequestsService,
    private readonly sessionUpdates: SessionUpdates,
  ) {}

  /**
   * The voice platform's server messages. Those it waits on during a call (`tool-calls`,
   * `transfer-destination-request`, `assistant-request`) are answered there and then, 200 with
   * the answer Vapi's document gives each (ServerMessageResponse), and stored in the inbox as
   * answered. Reports: 200 once processed; 202 when stored but its processing failed (kept
   * for `pnpm webhooks:replay`); a chat's completed session (`session.updated`) likewise, made
   * the chat's lead (SessionUpdates); other types 200 and dropped.
   * The body stays `unknown` here: only the envelope is checked, leniently, and each
   * handled message type is then read by its own parser (vapi-message.ts), which keeps
   * what the platform delivered even where an optional part is oddly shaped.
   */
  @Post('vapi')
  @HttpCode(200)
  @WebhookBody()
  // Guards listed lower run first: an address refused too often is a 429 at once; then every
  // delivery, refused or not, counts against the webhook's limit; then the credential is checked.
  @UseGuards(WebhookCredentialsGuard)
  @RateLimit(WEBHOOK_LIMIT)
  @UseGuards(WebhookRefusalsGuard)
  @ApiOkResponse({ type: WebhookReceiptOutput, description: 'A report received; for a tool call, transfer or assistant request, its answer (results, destination or error, assistantId and assistantOverrides) instead.' })
  @ApiAcceptedResponse({ type: WebhookReceiptOutput, description: 'Stored, but its processing failed (kept for a replay), or it names no call (unattributable).' })
  @ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
  async receive(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<WebhookReceipt | ServerRequestAnswer> {
    const envelope = webhookEnvelopeSchema.safeParse(body);
    if (!envelope.success) throw new InvalidFieldsException(fieldErrorsFromZod(envelope.error));
    if (nestsDeeperThan(envelope.data.message, MAX_MESSAGE_DEPTH)) {
      throw new InvalidFieldsException([{ field: 'message', message: `must not nest more than ${MAX_MESSAGE_DEPTH} levels deep` }]);
    }
    const { message } = envelope.data;
    if (isServerRequestType(message.type)) return this.serverRequests.answer({ ...message, type: message.type });
    const outcome = message.type === SESSION_UPDATED ? await this.sessionUpdates.receive(message) : await this.processor.receive(message);
    if (outcome.stored && !outcome.processed) response.status(202);
    return outcome.stored ? outcome : { received: true };
  }
}
