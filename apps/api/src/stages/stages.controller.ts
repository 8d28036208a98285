import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Stage } from '@lead-desk/contracts';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { NewStageInput, StageChangesInput } from './inputs/stage.inputs';
import { StageOutput } from './outputs/stage.output';
import { StagesService } from './stages.service';

@ApiTags('stages')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('stages')
export class StagesController {
  constructor(private readonly stages: StagesService) {}

  @Get()
  @ApiOkResponse({ type: [StageOutput], description: 'Every stage, archived ones too, by position.' })
  list(): Promise<Stage[]> {
    return this.stages.list();
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: StageOutput, description: 'The new stage; placed last unless a position is given (the others shift).' })
  create(@Body() body: NewStageInput): Promise<Stage> {
    return this.stages.create(body);
  }

  @Patch(':id')
  @Roles('admin')
  @ApiOkResponse({ type: StageOutput, description: 'Renamed, moved (positions stay 1..n) or archived; 409 while the stage holds leads.' })
  update(@Param() params: IdParams, @Body() body: StageChangesInput): Promise<Stage> {
    return this.stages.update(params.id, body);
  }
}
