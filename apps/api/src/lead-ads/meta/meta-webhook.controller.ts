import { Body, Controller, Get, Header, HttpCode, HttpException, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WebhookReceipt } from '@lead-desk/contracts';
import { Public } from '../../auth/auth.decorators';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { InvalidFieldsException } from '../../common/field-errors';
import { RateLimit, WEBHOOK_LIMIT } from '../../common/rate-limits';
import { WebhookBody } from '../../common/request-body/request-body.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { WebhookRefusalsGuard } from '../../voice/webhooks/credentials/webhook-refusals.guard';
import { WebhookReceiptOutput } from '../../voice/webhooks/webhook-receipt.output';
import { META_CHANNEL, META_WEBHOOK_SOURCE } from '../lead-ad-channels';
import { ChannelDeliveriesRepository } from '../../inbox/channel-deliveries.repository';
import { LeadAdsRetryScheduler } from '../lead-ads-retry.scheduler';
import { LeadSourceRefusalsRepository } from '../lead-source-refusals.repository';
import { readMetaNotification } from './meta-leadgen-notification';
import { MetaLeadAdsSignatureGuard } from './meta-lead-ads-signature.guard';
import { answerMetaHandshake } from '../../meta-webhooks/meta-subscription-handshake';
import { metaWebhookSettings } from './meta-webhook-configured';

@ApiTags('lead ads')
@Public()
@Controller('webhooks')
export class MetaWebhookController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly scheduler: LeadAdsRetryScheduler,
  ) {}

  /** Meta's verification request: `hub.challenge` echoed as text when `hub.mode=subscribe` and `hub.verify_token` is META_VERIFY_TOKEN; 403 otherwise. */
  @Get('meta')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOkResponse({ description: 'hub.challenge, as text.', schema: { type: 'string' } })
  @ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
  verify(@Query('hub.mode') mode: unknown, @Query('hub.verify_token') verifyToken: unknown, @Query('hub.challenge') challenge: unknown): string {
    const answer = answerMetaHandshake({ mode, verifyToken, challenge }, metaWebhookSettings(this.config).verifyToken, 'META_VERIFY_TOKEN');
    if (!answer.ok) throw new HttpException(answer.message, answer.status);
    return answer.challenge;
  }

  /**
   * A Page's `leadgen` notification, signed by Meta: each leadgen id is stored (once: a
   * redelivery is the same row) and answered 200 at once; the lead is then read from the
   * Graph API and handed to the intake, tried again with backoff while the Graph fails.
   */
  @Post('meta')
  @HttpCode(200)
  @WebhookBody()
  // Guards listed lower run first: a too-often-refused address is a 429, every delivery counts against the webhook's limit, then the signature.
  @UseGuards(MetaLeadAdsSignatureGuard)
  @RateLimit(WEBHOOK_LIMIT)
  @UseGuards(WebhookRefusalsGuard)
  @ApiOkResponse({ type: WebhookReceiptOutput, description: 'Stored; the leads are read from the Graph API next.' })
  @ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
  async receive(@Body() body: unknown): Promise<WebhookReceipt> {
    const reading = readMetaNotification(body);
    if (!reading.ok) {
      await this.refusals.record(META_WEBHOOK_SOURCE, 'rejected_payload', `Rejected payload: ${reading.errors.map(({ field, message }) => `${field} ${message}`).join('; ')}`);
      throw new InvalidFieldsException(reading.errors);
    }
    for (const lead of reading.leads) {
      await this.deliveries.store({ channel: META_CHANNEL, externalId: lead.leadgen_id, type: 'leadgen', payload: JSON.stringify(lead) });
    }
    if (reading.leads.length > 0) this.scheduler.kick();
    return { received: true, stored: reading.leads.length > 0 };
  }
}
