import { Global, Module } from '@nestjs/common';
import { LeadResponseTimesRepository } from './lead-response-times.repository';

/** Response times per lead, written by whatever writes leads, calls and timeline entries (global: leads, voice and activity all do). */
@Global()
@Module({
  providers: [LeadResponseTimesRepository],
  exports: [LeadResponseTimesRepository],
})
export class ResponseTimesModule {}
