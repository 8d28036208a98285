import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { StaffAccount } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { CreateStaffInput } from './inputs/create-staff.input';
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

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed, with its sessions.' })
  remove(@Param() params: IdParams, @Req() request: Request): Promise<void> {
    return this.staff.remove(params.id, request.staff?.id);
  }
}
