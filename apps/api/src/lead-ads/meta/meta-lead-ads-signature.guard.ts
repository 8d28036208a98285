import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MetaSignatureGuard } from '../../meta-webhooks/meta-signature.guard';
import { META_WEBHOOK_SOURCE } from '../lead-ad-channels';
import { LeadSourceRefusalsRepository } from '../lead-source-refusals.repository';
import { metaWebhookSettings } from './meta-webhook-configured';

/** Lead Ads deliveries are signed with META_APP_SECRET; a refusal counts against facebook ads. */
@Injectable()
export class MetaLeadAdsSignatureGuard extends MetaSignatureGuard {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refusals: LeadSourceRefusalsRepository,
  ) {
    super(config);
  }

  protected appSecret() {
    return { secret: metaWebhookSettings(this.config).appSecret, variable: 'META_APP_SECRET' };
  }

  protected recordRefusal(reason: string): Promise<void> {
    return this.refusals.record(META_WEBHOOK_SOURCE, 'bad_signature', reason);
  }
}
