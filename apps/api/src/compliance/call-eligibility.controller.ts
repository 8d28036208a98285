import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { callEligibilitySchema, type CallEligibility } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { canSeeLead, type LeadAccess } from '../leads/access/lead-access';
import { ViewerAccess } from '../leads/access/viewer-access.decorator';
import { LeadsRepository } from '../leads/leads.repository';
import { normalizePhoneNumber } from '../leads/phone-number';
import { CallEligibilityService } from './call-eligibility.service';

class CallEligibilityOutput extends createZodDto(callEligibilitySchema) {}

@ApiTags('calls')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads/:id/call-eligibility')
export class CallEligibilityController {
  constructor(
    private readonly eligibility: CallEligibilityService,
    private readonly leads: LeadsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What POST /api/calls would decide for this lead now, so the dashboard can say why before anyone presses. */
  @Get()
  @ApiOkResponse({ type: CallEligibilityOutput })
  async get(@Param() params: IdParams, @ViewerAccess() access: LeadAccess): Promise<CallEligibility> {
    const lead = await this.leads.findById(params.id);
    if (!lead || !canSeeLead(access, lead.ownerId)) throw new NotFoundException(`No lead with id ${params.id}.`);
    return this.eligibility.check(lead, lead.phone && normalizePhoneNumber(lead.phone, this.config.DEFAULT_PHONE_REGION));
  }
}
