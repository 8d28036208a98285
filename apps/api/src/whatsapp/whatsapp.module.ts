import { Module, OnModuleInit } from '@nestjs/common';
import { ChannelInboxModule } from '../channel-inbox/channel-inbox.module';
import { ConsentRecordsModule } from '../compliance/consent-records.module';
import { LiveEventsService } from '../events/live-events.service';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { LeadsModule } from '../leads/leads.module';
import { LeadSourcesModule } from '../lead-sources/lead-sources.module';
import { toWhatsappMessageOutput } from './messages/whatsapp-message.output';
import { WhatsappMessagesRepository } from './messages/whatsapp-messages.repository';
import { InboundWhatsappMessages } from './webhook/inbound-whatsapp-messages';
import { WhatsappDeliveriesProcessor } from './webhook/whatsapp-deliveries.processor';
import { WhatsappRetryScheduler } from './webhook/whatsapp-retry.scheduler';
import { WhatsappSignatureGuard } from './webhook/whatsapp-signature.guard';
import { WhatsappStatuses } from './webhook/whatsapp-statuses';
import { WhatsappWebhookController } from './webhook/whatsapp-webhook.controller';

/** WhatsApp (Cloud API): the webhook (the person's messages, our statuses) through the inbox to the leads' timelines. */
@Module({
  imports: [LeadsModule, LeadIntakeModule, LeadSourcesModule, ChannelInboxModule, ConsentRecordsModule],
  controllers: [WhatsappWebhookController],
  providers: [WhatsappMessagesRepository, InboundWhatsappMessages, WhatsappStatuses, WhatsappDeliveriesProcessor, WhatsappRetryScheduler, WhatsappSignatureGuard],
})
export class WhatsappModule implements OnModuleInit {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly messages: WhatsappMessagesRepository,
  ) {}

  onModuleInit(): void {
    this.liveEvents.registerLoader(['whatsapp.message'], async (ids) => {
      const rows = await this.messages.findByIds(ids);
      return new Map(rows.map(({ lead, ...row }) => [row.id, { data: toWhatsappMessageOutput(row), lead: { leadId: row.leadId, ownerId: lead.ownerId } }]));
    });
  }
}
