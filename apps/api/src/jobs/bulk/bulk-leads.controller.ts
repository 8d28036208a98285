import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiDefaultResponse, ApiTags } from '@nestjs/swagger';
import type { JobCreated, ParsedBulkRequest } from '@lead-desk/contracts';
import type { Request } from 'express';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { BulkRequestInput } from '../inputs/bulk-request.input';
import { JobCreatedOutput } from '../outputs/job.output';
import { BulkJobsService } from './bulk-jobs.service';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads')
export class BulkLeadsController {
  constructor(private readonly bulkJobs: BulkJobsService) {}

  /** One action on many leads, in the background: follow the job with GET /api/jobs/:id or the job.updated live event. */
  @Post('bulk')
  @HttpCode(202)
  @ApiBody({ type: BulkRequestInput })
  @ApiAcceptedResponse({ type: JobCreatedOutput, description: 'The job, with the number of leads it selected.' })
  create(@Body() body: BulkRequestInput, @Req() request: Request): Promise<JobCreated> {
    return this.bulkJobs.create(body as ParsedBulkRequest, request.staff);
  }
}
