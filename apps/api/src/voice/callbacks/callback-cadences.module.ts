import { Module } from '@nestjs/common';
import { AttemptOutcomes } from './attempt-outcomes';
import { CallingRulesModule } from '../../compliance/calling-rules.module';
import { WhatsappAutomaticModule } from '../../whatsapp/automatic/whatsapp-automatic.module';
import { CadenceOpening } from './cadence-opening';
import { CadenceStops } from './cadence-stops';
import { CallbackCadencesRepository } from './callback-cadences.repository';

/** The cadences' store, their opening and stopping, for every module whose writes stop one (leads, calls) and whose deliveries settle an attempt (the webhook). */
@Module({
  imports: [CallingRulesModule, WhatsappAutomaticModule],
  providers: [CallbackCadencesRepository, CadenceStops, CadenceOpening, AttemptOutcomes],
  exports: [CallbackCadencesRepository, CadenceStops, CadenceOpening, AttemptOutcomes],
})
export class CallbackCadencesModule {}
