import { Module } from '@nestjs/common';
import { AttemptOutcomes } from './attempt-outcomes';
import { CadenceStops } from './cadence-stops';
import { CallbackCadencesRepository } from './callback-cadences.repository';

/** The cadences' store and their stopping, for every module whose writes stop one (leads, calls) and whose deliveries settle an attempt (the webhook). */
@Module({ providers: [CallbackCadencesRepository, CadenceStops, AttemptOutcomes], exports: [CallbackCadencesRepository, CadenceStops, AttemptOutcomes] })
export class CallbackCadencesModule {}
