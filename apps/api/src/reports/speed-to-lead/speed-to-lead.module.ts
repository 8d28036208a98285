import { Module } from '@nestjs/common';
import { SpeedToLeadController } from './speed-to-lead.controller';
import { SpeedToLeadRepository } from './speed-to-lead.repository';
import { SpeedToLeadService } from './speed-to-lead.service';

/** GET /api/reports/speed-to-lead: how fast leads were answered, from lead_response_times. */
@Module({
  controllers: [SpeedToLeadController],
  providers: [SpeedToLeadRepository, SpeedToLeadService],
})
export class SpeedToLeadModule {}
