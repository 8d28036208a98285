import { Module, OnModuleInit } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { CallingRulesModule } from '../compliance/calling-rules.module';
import { ConsentRecordsModule } from '../compliance/consent-records.module';
import { LiveEventsService } from '../events/live-events.service';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { LeadsModule } from '../leads/leads.module';
import { LeadSourcesModule } from '../lead-sources/lead-sources.module';
import { WhatsappAutomaticModule } from './automatic/whatsapp-automatic.module';
import { CloudApiClient } from './messages/cloud-api-client';
import { toWhatsappMessageOutput } from './messages/whatsapp-message.output';
import { WhatsappMessagesController } from './messages/whatsapp-messages.controller';
import { WhatsappMessagesRepository } from './messages/whatsapp-messages.repository';
import { WhatsappMessagesService } from './messages/whatsapp-messages.service';
import { WhatsappOutbox } from './messages/whatsapp-outbox';
import { WhatsappRecipients } from './messages/whatsapp-recipients';
import { WhatsappTemplatesController } from './templates/whatsapp-templates.controller';
import { WhatsappTemplatesService } from './templates/whatsapp-templates.service';
import { InboundWhatsappMessages } from './webhook/inbound-whatsapp-messages';
import { WhatsappDeliveriesProcessor } from './webhook/whatsapp-deliveries.processor';
import { WhatsappRetryScheduler } from './webhook/whatsapp-retry.scheduler';
import { WhatsappSignatureGuard } from './webhook/whatsapp-signature.guard';
import { WhatsappStatuses } from './webhook/whatsapp-statuses';
import { WhatsappWebhookController } from './webhook/whatsapp-webhook.controller';

/** WhatsApp (Cloud API): the webhook (the person's messages, our statuses) through the inbox to the leads' timelines; the templates admins register; a lead's conversation, sent through the outbox; the automatic messages (WhatsappAutomaticModule). */
@Module({
  imports: [WhatsappAutomaticModule, LeadsModule, LeadIntakeModule, LeadSourcesModule, InboxModule, ConsentRecordsModule, CallingRulesModule],
  controllers: [WhatsappWebhookController, WhatsappTemplatesController, WhatsappMessagesController],
  providers: [
    // The webhook.
    WhatsappSignatureGuard,
    WhatsappRetryScheduler,
    WhatsappDeliveriesProcessor,
    InboundWhatsappMessages,
    WhatsappStatuses,
    // Templates.
    WhatsappTemplatesService,
    // A lead's messages and their outbox.
    WhatsappMessagesService,
    WhatsappRecipients,
    WhatsappOutbox,
    CloudApiClient,
  ],
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
