import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { CallEligibilityController } from './call-eligibility.controller';
import { CallEligibilityService } from './call-eligibility.service';
import { CallRefusalsRepository } from './call-refusals.repository';
import { ConsentsController } from './consents.controller';
import { ConsentsRepository } from './consents.repository';
import { ConsentsService } from './consents.service';
import { DndListRepository } from './dnd-list.repository';

/** Consent records, Do Not Call, the DND scrub list and the calling rules every outbound call passes. */
@Module({
  imports: [LeadsModule],
  controllers: [ConsentsController, CallEligibilityController],
  providers: [ConsentsService, ConsentsRepository, CallEligibilityService, CallRefusalsRepository, DndListRepository],
  exports: [ConsentsService, CallEligibilityService, CallRefusalsRepository],
})
export class ComplianceModule {}
