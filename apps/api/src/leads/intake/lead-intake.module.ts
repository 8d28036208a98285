import { Module } from '@nestjs/common';
import { ComplianceModule } from '../../compliance/compliance.module';
import { ConsentRecordsModule } from '../../compliance/consent-records.module';
import { CallbackCadencesRepository } from '../../voice/callbacks/callback-cadences.repository';
import { LeadsModule } from '../leads.module';
import { LeadResponseTimesRepository } from '../response-times/lead-response-times.repository';
import { IntakeSourcesRepository } from './intake-sources.repository';
import { LeadIntakeService } from './lead-intake.service';

/** The one way in for leads of the inbound channels (callback form, lead ads, lead sources' API keys). */
@Module({
  imports: [LeadsModule, ComplianceModule, ConsentRecordsModule],
  providers: [LeadIntakeService, IntakeSourcesRepository, LeadResponseTimesRepository, CallbackCadencesRepository],
  exports: [LeadIntakeService],
})
export class LeadIntakeModule {}
