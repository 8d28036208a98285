import { Inject, Injectable, Logger } from '@nestjs/common';
import { bulkActionSchema } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Job } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import type { JobHandler, JobStep } from '../job-handler';
import { JobsRepository } from '../jobs.repository';
import { BulkLeadChanges, type BulkChangeAction } from './bulk-lead-changes';

/** A bulk job's batch: the next JOB_BATCH_SIZE leads of its selection after the cursor (a lead id), the action applied to them. */
@Injectable()
export class BulkJobHandler implements JobHandler {
  private readonly logger = new Logger(BulkJobHandler.name);

  constructor(
    private readonly jobs: JobsRepository,
    private readonly bulkChanges: BulkLeadChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async nextBatch(job: Job, db: TransactionClient): Promise<JobStep> {
    const batchSize = this.config.JOB_BATCH_SIZE;
    const leadIds = await this.jobs.nextItems(job.id, job.cursor, batchSize, db);
    if (leadIds.length === 0) return { done: true };
    const action = bulkActionSchema.parse(JSON.parse(job.action ?? 'null')) as BulkChangeAction;
    const resolved = await this.bulkChanges.resolve(action, db);
    if ('stopped' in resolved) {
      this.logger.warn({ jobId: job.id, reason: resolved.stopped }, 'A bulk job stopped');
      return { stopped: resolved.stopped };
    }
    const batch = await this.bulkChanges.apply(resolved, leadIds, job.createdById, db);
    return { batch: { cursor: leadIds.at(-1)!, processed: leadIds.length, ...batch, finished: leadIds.length < batchSize }, signals: [] };
  }
}
