import { Controller, HttpCode, Post, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiDefaultResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DEDUPE_RULES, type JobCreated } from '@lead-desk/contracts';
import type { Request } from 'express';
import { ActorId } from '../../activity/actor-id.decorator';
import { Roles } from '../../auth/auth.decorators';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { CsvUploadBody } from '../../common/request-body/request-body.decorators';
import { IMPORT_BODY, importOptions, ON_MATCH_QUERY, uploadedContent } from '../../leads/import/import-upload';
import { JobCreatedOutput } from '../outputs/job.output';
import { ImportJobsService } from './import-jobs.service';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads')
export class ImportJobsController {
  constructor(private readonly importJobs: ImportJobsService) {}

  /** POST /api/leads/import's file and options, imported in the background: follow the job with GET /api/jobs/:id or the job.updated live event. */
  @Post('import/jobs')
  @Roles('admin')
  @HttpCode(202)
  @ApiConsumes('multipart/form-data', 'text/csv')
  @ApiQuery({ name: 'dedupe', required: false, enum: DEDUPE_RULES })
  @ApiQuery(ON_MATCH_QUERY)
  @ApiQuery({ name: 'mapping', required: false, description: 'JSON: { "<header>": "<lead field>" | "ignore" } (or the multipart field "mapping")' })
  @ApiBody({ schema: IMPORT_BODY })
  @ApiAcceptedResponse({ type: JobCreatedOutput, description: 'The job, with the number of data rows in the file.' })
  @CsvUploadBody()
  @UseInterceptors(FileInterceptor('file'))
  create(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @ActorId() actorId: string | null,
  ): Promise<JobCreated> {
    return this.importJobs.create(uploadedContent(file, request), importOptions(query, request), actorId, file?.originalname);
  }
}
