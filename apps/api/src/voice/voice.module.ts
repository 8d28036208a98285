import { Module, OnModuleInit } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { LiveEventsService } from '../events/live-events.service';
import { ComplianceModule } from '../compliance/compliance.module';
import { LeadAdsModule } from '../lead-ads/lead-ads.module';
import { LeadSourcesModule } from '../lead-sources/lead-sources.module';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { LeadsModule } from '../leads/leads.module';
import { PropertiesModule } from '../properties/properties.module';
import { StaffModule } from '../staff/staff.module';
import { TasksModule } from '../tasks/tasks.module';
import { CallbackCadencesModule } from './callbacks/callback-cadences.module';
import { CallbackRunner } from './callbacks/callback-runner';
import { toCallOutput } from './calls/call.output';
import { CallRecordingService } from './calls/call-recording.service';
import { CallsController } from './calls/calls.controller';
import { CallsRepository } from './calls/calls.repository';
import { OutboundCallsService } from './calls/outbound-calls.service';
import { VapiCalls } from './calls/vapi-calls';
import { SERVER_REQUEST_PROVIDERS } from './server-requests/server-requests.providers';
import { VapiServerApiModule } from './vapi-server-api.module';
import { VoiceConfigController } from './voice-config.controller';
import { VapiWebhookController } from './webhooks/vapi-webhook.controller';
import { WebhookEventsController } from './webhooks/webhook-events.controller';
import { WebhookInboxRepository } from './webhooks/webhook-inbox.repository';
import { WebhookProcessor } from './webhooks/webhook-processor.service';
import { WebhookRetryScheduler } from './webhooks/webhook-retry.scheduler';
import { SessionUpdates } from './webhooks/session-updates';

@Module({
  imports: [ChatModule, LeadsModule, LeadIntakeModule, ComplianceModule, VapiServerApiModule, LeadAdsModule, LeadSourcesModule, CallbackCadencesModule, StaffModule, PropertiesModule, TasksModule],
  controllers: [VapiWebhookController, WebhookEventsController, CallsController, VoiceConfigController],
  providers: [CallRecordingService, SessionUpdates, WebhookProcessor, WebhookRetryScheduler, WebhookInboxRepository, CallsRepository, OutboundCallsService, VapiCalls, CallbackRunner, ...SERVER_REQUEST_PROVIDERS],
  exports: [WebhookProcessor],
})
export class VoiceModule implements OnModuleInit {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly calls: CallsRepository,
  ) {}

  onModuleInit(): void {
    this.liveEvents.registerLoader(['call.updated'], async (ids) => {
      const calls = await this.calls.findByIdsWithLeadOwner(ids);
      return new Map(
        calls.map(({ lead, ...call }) => [call.id, { data: toCallOutput(call), lead: call.leadId && lead ? { leadId: call.leadId, ownerId: lead.ownerId } : null }]),
      );
    });
  }
}
