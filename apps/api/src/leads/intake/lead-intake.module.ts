import { Module } from '@nestjs/common';
import { ConsentRecordsModule } from '../../compliance/consent-records.module';
import { CallbackCadencesModule } from '../../voice/callbacks/callback-cadences.module';
import { LeadsModule } from '../leads.module';
import { IntakeSourcesRepository } from './intake-sources.repository';
import { LeadIntakeService } from './lead-intake.service';

/** The one way in for leads of the inbound channels (callback form, lead ads, lead sources' API keys). */
@Module({
  imports: [LeadsModule, ConsentRecordsModule, CallbackCadencesModule],
  providers: [LeadIntakeService, IntakeSourcesRepository],
  exports: [LeadIntakeService],
})
export class LeadIntakeModule {}
