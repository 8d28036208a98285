import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { GoogleAdsWebhookController } from './google/google-ads-webhook.controller';
import { LeadAdsProcessor } from './lead-ads-processor.service';
import { LeadAdsRetryScheduler } from './lead-ads-retry.scheduler';
import { LeadSourceRefusalsRepository } from './lead-source-refusals.repository';
import { MetaGraphClient } from './meta/meta-graph-client';
import { MetaLeadAdsSignatureGuard } from './meta/meta-lead-ads-signature.guard';
import { MetaWebhookController } from './meta/meta-webhook.controller';

/** Leads from the ad platforms' lead forms: Meta Lead Ads (Facebook, Instagram) and Google Ads, through the webhook inbox to the intake. */
@Module({
  imports: [LeadIntakeModule, InboxModule],
  controllers: [MetaWebhookController, GoogleAdsWebhookController],
  providers: [LeadSourceRefusalsRepository, LeadAdsProcessor, LeadAdsRetryScheduler, MetaGraphClient, MetaLeadAdsSignatureGuard],
  exports: [LeadAdsProcessor],
})
export class LeadAdsModule {}
