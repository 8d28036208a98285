import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { StaffAccount } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { CreateStaffInput } from './inputs/create-staff.input';
import { StaffAvailabilityInput } from './inputs/staff-availability.input';
import { StaffOutput } from './outputs/staff.output';
import { StaffService } from './staff.service';

@ApiTags('staff')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @ApiOkResponse({ type: [StaffOutput] })
  list(): Promise<StaffAccount[]> {
    return this.staff.list();
  }

  @Post()
  @ApiCreatedResponse({ type: StaffOutput })
  create(@Body() body: CreateStaffInput): Promise<StaffAccount> {
    return this.staff.create(body);
  }

  /** Agents may call it, for their own account only (the service refuses anyone else's). */
  @Patch(':id')
  @Roles('admin', 'agent')
  @ApiOkResponse({ type: StaffOutput, description: 'Whether round-robin gives the member new leads.' })
  setAvailability(@Param() params: IdParams, @Body() body: StaffAvailabilityInput, @Req() request: Request): Promise<StaffAccount> {
    return this.staff.setAvailability(params.id, body.available, request.staff);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed, with its sessions.' })
  remove(@Param() params: IdParams, @Req() request: Request): Promise<void> {
    return this.staff.remove(params.id, request.staff?.id);
  }
}
