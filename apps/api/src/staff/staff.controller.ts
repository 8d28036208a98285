import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { StaffProfile } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { CreateStaffInput } from './inputs/create-staff.input';
import { StaffProfileChangesInput } from './inputs/staff-profile-changes.input';
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
  list(): Promise<StaffProfile[]> {
    return this.staff.list();
  }

  /** Every member reads their own profile (open mode has no member: 404). */
  @Get('me')
  @Roles('admin', 'agent')
  @ApiOkResponse({ type: StaffOutput, description: 'The signed-in member’s account and profile.' })
  me(@Req() request: Request): Promise<StaffProfile> {
    if (!request.staff) throw new NotFoundException('Nobody is signed in (AUTH_MODE=open): there is no profile.');
    return this.staff.get(request.staff.id);
  }

  @Post()
  @ApiCreatedResponse({ type: StaffOutput })
  create(@Body() body: CreateStaffInput): Promise<StaffProfile> {
    return this.staff.create(body);
  }

  /** Agents may call it, for their own account only (the service refuses anyone else's). */
  @Patch(':id')
  @Roles('admin', 'agent')
  @ApiOkResponse({ type: StaffOutput, description: 'The account with its availability, phone and working hours as changed.' })
  updateProfile(@Param() params: IdParams, @Body() body: StaffProfileChangesInput, @Req() request: Request): Promise<StaffProfile> {
    return this.staff.updateProfile(params.id, body, request.staff);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed, with its sessions.' })
  remove(@Param() params: IdParams, @Req() request: Request): Promise<void> {
    return this.staff.remove(params.id, request.staff?.id);
  }
}
