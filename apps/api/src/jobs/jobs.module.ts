import { Module, OnModuleInit } from '@nestjs/common';
import { fileUploadsModule } from '../common/file-uploads.module';
import { LiveEventsService } from '../events/live-events.service';
import { LeadsModule } from '../leads/leads.module';
import { StaffModule } from '../staff/staff.module';
import { StagesModule } from '../stages/stages.module';
import { TagsModule } from '../tags/tags.module';
import { BulkJobHandler } from './bulk/bulk-job-handler';
import { BulkJobsService } from './bulk/bulk-jobs.service';
import { CallbackCadencesModule } from '../voice/callbacks/callback-cadences.module';
import { BulkLeadChanges } from './bulk/bulk-lead-changes';
import { BulkLeadsController } from './bulk/bulk-leads.controller';
import { ImportJobHandler } from './import/import-job-handler';
import { ImportJobsController } from './import/import-jobs.controller';
import { ImportJobsService } from './import/import-jobs.service';
import { JobRunner } from './job-runner';
import { toJobOutput } from './job-record';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/** Background jobs: bulk actions on leads (POST /api/leads/bulk), imports (POST /api/leads/import/jobs), their runner and GET /api/jobs/:id. */
@Module({
  imports: [
    LeadsModule,
    StagesModule,
    StaffModule,
    TagsModule,
    CallbackCadencesModule,
    fileUploadsModule(),
  ],
  controllers: [BulkLeadsController, ImportJobsController, JobsController],
  providers: [JobsRepository, JobsService, JobRunner, BulkJobHandler, BulkJobsService, BulkLeadChanges, ImportJobHandler, ImportJobsService],
})
export class JobsModule implements OnModuleInit {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly jobs: JobsRepository,
  ) {}

  onModuleInit(): void {
    // A job carries no personal data: every viewer is sent its progress.
    this.liveEvents.registerLoader(['job.updated'], async (ids) => {
      const jobs = await Promise.all(ids.map((id) => this.jobs.find(id)));
      return new Map(jobs.filter((job) => job !== null).map((job) => [job.id, { data: toJobOutput(job), lead: null }]));
    });
  }
}
