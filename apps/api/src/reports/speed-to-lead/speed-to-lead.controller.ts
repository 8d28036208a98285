import { Controller, Get, Query } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SpeedToLeadReport } from '@lead-desk/contracts';
import { ErrorBodyOutput } from '../../common/error-body.output';
import type { LeadAccess } from '../../leads/access/lead-access';
import { ViewerAccess } from '../../leads/access/viewer-access.decorator';
import { SpeedToLeadQueryInput } from './inputs/speed-to-lead.query';
import { SpeedToLeadReportOutput } from './outputs/speed-to-lead-report.output';
import { SpeedToLeadService } from './speed-to-lead.service';

@ApiTags('reports')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('reports')
export class SpeedToLeadController {
  constructor(private readonly service: SpeedToLeadService) {}

  @Get('speed-to-lead')
  @ApiOkResponse({
    type: SpeedToLeadReportOutput,
    description:
      'For the leads that arrived from `from` to `to` (calendar days in tz): median and 90th percentile seconds from arrival to the first call placed, the first call that connected and the first answer by the owner, overall, per source and per agent; the shares attempted within 1 and 5 minutes; the oldest leads still waiting for a first call. Agents get their own leads only.',
  })
  report(@Query() query: SpeedToLeadQueryInput, @ViewerAccess() access: LeadAccess): Promise<SpeedToLeadReport> {
    return this.service.report(query, access);
  }
}
