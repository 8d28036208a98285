import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SavedView } from '@lead-desk/contracts';
import type { Request } from 'express';
import { ErrorBodyOutput } from '../common/error-body.output';
import { SavedViewChangesInput, SavedViewInput, SavedViewParams } from './inputs/saved-view.input';
import { SavedViewOutput } from './outputs/saved-view.output';
import { SavedViewsService } from './saved-views.service';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('views')
export class SavedViewsController {
  constructor(private readonly views: SavedViewsService) {}

  @Get()
  @ApiOkResponse({ type: [SavedViewOutput], description: 'Your views and the shared ones, by name, each with its live count and what of its filter no longer exists.' })
  list(@Req() request: Request): Promise<SavedView[]> {
    return this.views.list(request.staff);
  }

  @Post()
  @ApiCreatedResponse({ type: SavedViewOutput })
  create(@Body() body: SavedViewInput, @Req() request: Request): Promise<SavedView> {
    return this.views.create(body, request.staff);
  }

  @Patch(':id')
  @ApiOkResponse({ type: SavedViewOutput, description: 'The view as changed (its author; an admin too for a shared view).' })
  update(@Param() params: SavedViewParams, @Body() body: SavedViewChangesInput, @Req() request: Request): Promise<SavedView> {
    return this.views.update(params.id, body, request.staff);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted (its author; an admin too for a shared view).' })
  remove(@Param() params: SavedViewParams, @Req() request: Request): Promise<void> {
    return this.views.delete(params.id, request.staff);
  }
}
