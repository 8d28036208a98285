import { Module } from '@nestjs/common';
import { StaffModule } from '../../staff/staff.module';
import { SpeedReportWarmer } from './speed-report-warmer';
import { SpeedToLeadController } from './speed-to-lead.controller';
import { SpeedToLeadRepository } from './speed-to-lead.repository';
import { SpeedToLeadService } from './speed-to-lead.service';

/** GET /api/reports/speed-to-lead: how fast leads were answered, from lead_response_times; the panel's periods kept ready. */
@Module({
  imports: [StaffModule],
  controllers: [SpeedToLeadController],
  providers: [SpeedToLeadRepository, SpeedToLeadService, SpeedReportWarmer],
})
export class SpeedToLeadModule {}
