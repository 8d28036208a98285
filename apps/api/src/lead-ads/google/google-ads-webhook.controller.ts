import { Body, Controller, HttpCode, Inject, NotFoundException, Post, Res, UnauthorizedException, ForbiddenException, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WebhookReceipt } from '@lead-desk/contracts';
import type { Response } from 'express';
import { Public } from '../../auth/auth.decorators';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';
import { RateLimit, WEBHOOK_LIMIT } from '../../common/rate-limits';
import { WebhookBody } from '../../common/request-body/request-body.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { WebhookRefusalsGuard } from '../../voice/webhooks/credentials/webhook-refusals.guard';
import { WebhookReceiptOutput } from '../../voice/webhooks/webhook-receipt.output';
import { GOOGLE_ADS_CHANNEL, GOOGLE_ADS_SOURCE } from '../lead-ad-channels';
import { ChannelDeliveriesRepository } from '../../inbox/channel-deliveries.repository';
import { LeadAdsProcessor } from '../lead-ads-processor.service';
import { LeadSourceRefusalsRepository } from '../lead-source-refusals.repository';
import { checkGoogleKey } from './google-ads-key';
import { googleAdsLeadSchema } from './google-ads-lead';

@ApiTags('lead ads')
@Public()
@Controller('webhooks')
export class GoogleAdsWebhookController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly processor: LeadAdsProcessor,
  ) {}

  /**
   * A Google Ads lead form's lead. Its `google_key` must be GOOGLE_ADS_WEBHOOK_KEY (401 when
   * missing, 403 when wrong; counted, nothing stored). It is stored once per `lead_id` (a
   * redelivery is the same row, no second lead), without its key, then handed to the intake:
   * 200 once processed, 202 when stored but its processing failed (tried again
   * automatically). An `is_test` lead is stored as a test lead and never called.
   */
  @Post('google-ads')
  @HttpCode(200)
  @WebhookBody()
  @RateLimit(WEBHOOK_LIMIT)
  @UseGuards(WebhookRefusalsGuard)
  @ApiOkResponse({ type: WebhookReceiptOutput })
  @ApiAcceptedResponse({ type: WebhookReceiptOutput, description: 'Stored, but its processing failed; tried again automatically.' })
  @ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
  async receive(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<WebhookReceipt> {
    const key = this.config.GOOGLE_ADS_WEBHOOK_KEY;
    if (!key) throw new NotFoundException('The Google Ads lead form webhook is not configured: set GOOGLE_ADS_WEBHOOK_KEY.');
    // The key travels in the body, so the body (capped at WEBHOOK_MAX_BYTES) is read before it can be checked.
    const check = checkGoogleKey(body, key);
    if (check !== 'valid') {
      const reason = check === 'missing' ? 'google_key is missing' : 'google_key does not match GOOGLE_ADS_WEBHOOK_KEY';
      await this.refusals.record(GOOGLE_ADS_SOURCE, 'bad_key', reason);
      throw check === 'missing' ? new UnauthorizedException(`${reason}.`) : new ForbiddenException(`${reason}.`);
    }
    const lead = googleAdsLeadSchema.safeParse(body);
    if (!lead.success) {
      const errors = fieldErrorsFromZod(lead.error);
      await this.refusals.record(GOOGLE_ADS_SOURCE, 'rejected_payload', `Rejected payload: ${errors.map(({ field, message }) => `${field} ${message}`).join('; ')}`);
      throw new InvalidFieldsException(errors);
    }
    const { google_key: _key, ...kept } = lead.data;
    const event = await this.deliveries.store({ channel: GOOGLE_ADS_CHANNEL, externalId: lead.data.lead_id, type: 'lead', payload: JSON.stringify(kept) });
    const processed = event.processedAt !== null || (await this.processor.attempt(event)) === 'processed';
    if (!processed) response.status(202);
    return { received: true, stored: true, processed };
  }
}
