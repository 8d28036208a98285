import { Module } from '@nestjs/common';
import { AssignmentSettingsController } from './assignment-settings.controller';
import { AssignmentSettingsRepository } from './assignment-settings.repository';
import { StaffLeadCallsController } from './staff-lead-calls.controller';
import { StaffLeadCallsRepository } from './staff-lead-calls.repository';

@Module({
  controllers: [AssignmentSettingsController, StaffLeadCallsController],
  providers: [AssignmentSettingsRepository, StaffLeadCallsRepository],
  exports: [AssignmentSettingsRepository, StaffLeadCallsRepository],
})
export class SettingsModule {}
