import { Body, Controller, Get, Header, HttpCode, HttpException, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WebhookReceipt } from '@lead-desk/contracts';
import { Public } from '../../auth/auth.decorators';
import { ChannelDeliveriesRepository } from '../../inbox/channel-deliveries.repository';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { InvalidFieldsException } from '../../common/field-errors';
import { RateLimit, WEBHOOK_LIMIT } from '../../common/rate-limits';
import { WebhookBody } from '../../common/request-body/request-body.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LeadSourceRefusalsRepository } from '../../lead-sources/lead-source-refusals.repository';
import { answerMetaHandshake } from '../../meta-webhooks/meta-subscription-handshake';
import { WebhookRefusalsGuard } from '../../voice/webhooks/credentials/webhook-refusals.guard';
import { WebhookReceiptOutput } from '../../voice/webhooks/webhook-receipt.output';
import { WHATSAPP_CHANNEL, WHATSAPP_SOURCE } from '../whatsapp-channel';
import { whatsappWebhookSettings } from '../whatsapp-settings';
import { readWhatsappNotification } from './whatsapp-notification';
import { WhatsappRetryScheduler } from './whatsapp-retry.scheduler';
import { WhatsappSignatureGuard } from './whatsapp-signature.guard';

@ApiTags('whatsapp')
@Public()
@Controller('webhooks')
export class WhatsappWebhookController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly scheduler: WhatsappRetryScheduler,
  ) {}

  /** Meta's verification request: `hub.challenge` echoed as text when `hub.mode=subscribe` and `hub.verify_token` is WHATSAPP_VERIFY_TOKEN; 403 otherwise. */
  @Get('whatsapp')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOkResponse({ description: 'hub.challenge, as text.', schema: { type: 'string' } })
  @ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
  verify(@Query('hub.mode') mode: unknown, @Query('hub.verify_token') verifyToken: unknown, @Query('hub.challenge') challenge: unknown): string {
    const answer = answerMetaHandshake({ mode, verifyToken, challenge }, whatsappWebhookSettings(this.config).verifyToken, 'WHATSAPP_VERIFY_TOKEN');
    if (!answer.ok) throw new HttpException(answer.message, answer.status);
    return answer.challenge;
  }

  /**
   * A delivery of the WhatsApp Business Account's `messages` field, signed by Meta: each of the
   * person's messages (by Meta's message id) and each status of ours (by message id and status)
   * is stored once, a redelivery finding the same row, and answered 200 at once; each is then
   * applied (a lead made or found, the timeline, a status) and tried again while that fails.
   */
  @Post('whatsapp')
  @HttpCode(200)
  @WebhookBody()
  // Guards listed lower run first: a too-often-refused address is a 429, every delivery counts against the webhook's limit, then the signature.
  @UseGuards(WhatsappSignatureGuard)
  @RateLimit(WEBHOOK_LIMIT)
  @UseGuards(WebhookRefusalsGuard)
  @ApiOkResponse({ type: WebhookReceiptOutput, description: 'Stored; the messages and statuses are applied next.' })
  @ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
  async receive(@Body() body: unknown): Promise<WebhookReceipt> {
    const reading = readWhatsappNotification(body, whatsappWebhookSettings(this.config).phoneNumberId);
    if (!reading.ok) {
      await this.refusals.count(WHATSAPP_SOURCE.id, 'rejected_payload', `Rejected payload: ${reading.errors.map(({ field, message }) => `${field} ${message}`).join('; ')}`);
      throw new InvalidFieldsException(reading.errors);
    }
    for (const item of reading.items) {
      await this.deliveries.store({ channel: WHATSAPP_CHANNEL, externalId: item.externalId, type: item.kind, payload: JSON.stringify(item.payload) });
    }
    if (reading.items.length > 0) this.scheduler.kick();
    return { received: true, stored: reading.items.length > 0 };
  }
}
