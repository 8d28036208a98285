import { Module } from '@nestjs/common';
import { fileUploadsModule } from '../common/file-uploads.module';
import { LeadsModule } from '../leads/leads.module';
import { StaffModule } from '../staff/staff.module';
import { CallerRequestsRecorder } from './caller-requests.recorder';
import { CallEligibilityController } from './call-eligibility.controller';
import { CallbackCadencesModule } from '../voice/callbacks/callback-cadences.module';
import { CallingRulesModule } from './calling-rules.module';
import { ConsentsController } from './consents.controller';
import { ConsentRecordsModule } from './consent-records.module';
import { ConsentsService } from './consents.service';
import { DndListController } from './dnd-list.controller';
import { DndListService } from './dnd-list.service';

/** Consent records, Do Not Call, the DND scrub list and the calling rules every outbound call passes. */
@Module({
  imports: [
    LeadsModule,
    ConsentRecordsModule,
    CallingRulesModule,
    CallbackCadencesModule,
    StaffModule,
    fileUploadsModule(),
  ],
  controllers: [ConsentsController, CallEligibilityController, DndListController],
  providers: [ConsentsService, DndListService, CallerRequestsRecorder],
  exports: [ConsentsService, CallingRulesModule, CallerRequestsRecorder],
})
export class ComplianceModule {}
