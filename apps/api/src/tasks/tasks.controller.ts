import { Body, Controller, Get, Headers, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiDefaultResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Task, TaskUpdate } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { ActorId } from '../activity/actor-id.decorator';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { setNextPageLink } from '../common/next-page-link';
import type { LeadAccess } from '../leads/access/lead-access';
import { ViewerAccess } from '../leads/access/viewer-access.decorator';
import { versionFromIfMatch, versionTag } from '../common/version-tag';
import { ListTasksQuery, NewTaskInput, TaskChangesInput } from './inputs/task.inputs';
import { TaskOutput, TaskUpdateOutput } from './outputs/task.output';
import { staffActor } from './task-actor';
import { TasksService } from './tasks.service';

const at = (text: string) => new Date(text);

@ApiTags('tasks')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  @ApiOkResponse({ type: [TaskOutput], description: 'Tasks you may see, oldest due first. Headers: X-Total-Count, and Link rel="next" when there is a next page.' })
  async list(
    @Query() query: ListTasksQuery,
    @ActorId() viewerId: string | null,
    @ViewerAccess() access: LeadAccess,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Task[]> {
    const { limit, cursor, ...filter } = query;
    const page = await this.tasks.list(filter, access, viewerId, limit, cursor);
    response.setHeader('X-Total-Count', String(page.total));
    setNextPageLink(request, response, page.nextCursor);
    return page.tasks;
  }

  @Get(':id')
  @ApiOkResponse({ type: TaskOutput, description: 'Header: ETag, the task’s version (PATCH names it in If-Match).' })
  async get(@Param() params: IdParams, @ViewerAccess() access: LeadAccess, @Res({ passthrough: true }) response: Response): Promise<Task> {
    const task = await this.tasks.get(params.id, access);
    response.setHeader('ETag', versionTag(task.version));
    return task;
  }

  @Post()
  @ApiCreatedResponse({ type: TaskOutput, description: 'The task. Header: ETag.' })
  async create(@Body() body: NewTaskInput, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Task> {
    const task = await this.tasks.create(
      { ...body, dueAt: at(body.dueAt), endsAt: body.endsAt ? at(body.endsAt) : null },
      staffActor(request.staff),
    );
    response.setHeader('ETag', versionTag(task.version));
    return task;
  }

  /** Edits, moves, reassigns, completes, opens again, cancels or brings back a task; with If-Match, only at that version (412 otherwise). */
  @Patch(':id')
  @ApiBody({ type: TaskChangesInput })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag the change was made against; a task changed since answers 412.' })
  @ApiOkResponse({ type: TaskUpdateOutput, description: 'The task as changed, and the stage suggested after a completed site visit. Header: ETag.' })
  async update(
    @Param() params: IdParams,
    @Body() body: TaskChangesInput,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TaskUpdate> {
    const { dueAt, endsAt, ...rest } = body;
    const changes = { ...rest, ...(dueAt !== undefined && { dueAt: at(dueAt) }), ...(endsAt !== undefined && { endsAt: endsAt === null ? null : at(endsAt) }) };
    const update = await this.tasks.update(params.id, changes, versionFromIfMatch(ifMatch, 'task'), staffActor(request.staff));
    response.setHeader('ETag', versionTag(update.task.version));
    return update;
  }
}
