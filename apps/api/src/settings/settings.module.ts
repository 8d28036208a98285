import { Module } from '@nestjs/common';
import { AssignmentSettingsController } from './assignment-settings.controller';
import { AssignmentSettingsRepository } from './assignment-settings.repository';

@Module({
  controllers: [AssignmentSettingsController],
  providers: [AssignmentSettingsRepository],
  exports: [AssignmentSettingsRepository],
})
export class SettingsModule {}
