import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { StaffLeadCalls } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { AccessLog } from '../privacy/access-log/access-log.service';
import { StaffLeadCallsInput } from './inputs/staff-lead-calls.input';
import { StaffLeadCallsOutput } from './outputs/staff-lead-calls.output';
import { StaffLeadCallsRepository } from './staff-lead-calls.repository';

@ApiTags('lead sources')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('settings/staff-leads')
export class StaffLeadCallsController {
  constructor(
    private readonly settings: StaffLeadCallsRepository,
    private readonly accessLog: AccessLog,
  ) {}

  @Get()
  @ApiOkResponse({ type: StaffLeadCallsOutput, description: 'Whether the agent calls the leads staff create (Add Lead): true, false, or null to follow AUTO_CALLBACK.' })
  get(): Promise<StaffLeadCalls> {
    return this.settings.read();
  }

  @Put()
  @ApiOkResponse({ type: StaffLeadCallsOutput })
  async put(@Body() body: StaffLeadCallsInput, @Req() request: Request): Promise<StaffLeadCalls> {
    const saved = await this.settings.write(body);
    await this.accessLog.record({ actorId: request.staff?.id ?? null, action: 'lead_source_changed', details: { staffCreatedLeads: true, autoCall: saved.autoCall } });
    return saved;
  }
}
