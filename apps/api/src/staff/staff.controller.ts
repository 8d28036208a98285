import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { CreateStaffInput } from './inputs/create-staff.input';
import { StaffService } from './staff.service';

@ApiTags('staff')
@Roles('admin')
@Controller('staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  list() {
    return this.staff.list();
  }

  @Post()
  create(@Body() body: CreateStaffInput) {
    return this.staff.create(body as Parameters<StaffService['create']>[0]);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id') id: string, @Req() request: Request) {
    return this.staff.remove(id, request.staff?.id);
  }
}
