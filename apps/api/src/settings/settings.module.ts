import { Module } from '@nestjs/common';
import { AssignmentSettingsController } from './assignment-settings.controller';
import { AssignmentSettingsRepository } from './assignment-settings.repository';
import { StaffLeadCallsController } from './staff-lead-calls.controller';
import { StaffLeadCallsRepository } from './staff-lead-calls.repository';
import { WhatsappAutomaticMessagesController } from './whatsapp-automatic-messages.controller';
import { WhatsappAutomaticModule } from '../whatsapp/automatic/whatsapp-automatic.module';

@Module({
  imports: [WhatsappAutomaticModule],
  controllers: [AssignmentSettingsController, StaffLeadCallsController, WhatsappAutomaticMessagesController],
  providers: [AssignmentSettingsRepository, StaffLeadCallsRepository],
  exports: [AssignmentSettingsRepository, StaffLeadCallsRepository],
})
export class SettingsModule {}
