import { Body, Controller, Get, Logger, Put, Req } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AssignmentSettings } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { AssignmentSettingsRepository } from './assignment-settings.repository';
import { AssignmentSettingsInput } from './inputs/assignment-settings.input';
import { AssignmentSettingsOutput } from './outputs/assignment-settings.output';

@ApiTags('settings')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('settings/assignment')
export class AssignmentSettingsController {
  private readonly logger = new Logger(AssignmentSettingsController.name);

  constructor(private readonly settings: AssignmentSettingsRepository) {}

  @Get()
  @ApiOkResponse({ type: AssignmentSettingsOutput, description: 'How new leads get an owner: round-robin among available agents, or off (default).' })
  get(): Promise<AssignmentSettings> {
    return this.settings.read();
  }

  @Put()
  @ApiOkResponse({ type: AssignmentSettingsOutput })
  async put(@Body() body: AssignmentSettingsInput, @Req() request: Request): Promise<AssignmentSettings> {
    const saved = await this.settings.write(body);
    this.logger.log({ mode: saved.mode, by: request.staff?.id }, 'Assignment setting changed');
    return saved;
  }
}
