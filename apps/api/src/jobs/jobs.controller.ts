import { Controller, Get, Header, Param, Req, StreamableFile } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Job } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { JobOutput } from './outputs/job.output';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':id')
  @ApiOkResponse({ type: JobOutput, description: 'The job and its progress; its creator’s and the admins’ (404 for anyone else).' })
  get(@Param() params: IdParams, @Req() request: Request): Promise<Job> {
    return this.jobs.get(params.id, request.staff);
  }

  /** Exports are admins' (POST /api/leads/bulk refuses an agent's): a role below gets 403, as at GET /api/leads/export.csv. */
  @Get(':id/export.csv')
  @Roles('admin')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="leads.csv"')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'leads.csv of the leads a bulk export selected, as GET /api/leads/export.csv writes it.' })
  async exportCsv(@Param() params: IdParams, @Req() request: Request): Promise<StreamableFile> {
    return new StreamableFile(await this.jobs.exportCsv(params.id, request.staff));
  }
}
