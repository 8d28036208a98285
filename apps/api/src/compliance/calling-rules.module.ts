import { Module } from '@nestjs/common';
import { CallEligibilityService } from './call-eligibility.service';
import { CallRefusalsRepository } from './call-refusals.repository';
import { ConsentRecordsModule } from './consent-records.module';
import { DndListRepository } from './dnd-list.repository';

/** The calling rules alone (who may be phoned, when), for modules that schedule calls inside the leads' own writes without the rest of compliance. */
@Module({
  imports: [ConsentRecordsModule],
  providers: [CallEligibilityService, CallRefusalsRepository, DndListRepository],
  exports: [CallEligibilityService, CallRefusalsRepository, DndListRepository],
})
export class CallingRulesModule {}
