import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LeadSourceRefusalsRepository } from '../../lead-sources/lead-source-refusals.repository';
import { MetaSignatureGuard } from '../../meta-webhooks/meta-signature.guard';
import { WHATSAPP_SOURCE } from '../whatsapp-channel';
import { whatsappWebhookSettings } from '../whatsapp-settings';

/** WhatsApp deliveries are signed with WHATSAPP_APP_SECRET; a refusal counts against the whatsapp source. */
@Injectable()
export class WhatsappSignatureGuard extends MetaSignatureGuard {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refusals: LeadSourceRefusalsRepository,
  ) {
    super(config);
  }

  protected appSecret() {
    return { secret: whatsappWebhookSettings(this.config).appSecret, variable: 'WHATSAPP_APP_SECRET' };
  }

  protected recordRefusal(reason: string): Promise<void> {
    return this.refusals.count(WHATSAPP_SOURCE.id, 'bad_signature', reason);
  }
}
