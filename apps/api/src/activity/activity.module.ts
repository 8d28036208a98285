import { Global, Module } from '@nestjs/common';
import { LeadActivityController } from './lead-activity.controller';
import { LeadActivityRepository } from './lead-activity.repository';
import { LeadActivityService } from './lead-activity.service';

/** The leads' activity log: every module that changes a lead appends to it through LeadActivityRepository. */
@Global()
@Module({
  controllers: [LeadActivityController],
  providers: [LeadActivityRepository, LeadActivityService],
  exports: [LeadActivityRepository],
})
export class ActivityModule {}
