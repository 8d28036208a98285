import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { bulkActionSchema } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import type { JobQueue, JobStepOutcome, JobWorker } from '../database/database-dialect';
import type { TransactionClient } from '../database/prisma-client';
import { LiveEventsService } from '../events/live-events.service';
import { BulkLeadChanges, type BulkChangeAction } from './bulk/bulk-lead-changes';
import { JobsRepository } from './jobs.repository';

/**
 * Applies background jobs batch by batch. Each batch is one transaction that locks the
 * job, reads its cursor, applies the action to the next leads of its selection (with one
 * activity entry per changed lead) and moves the cursor and counters past them: a process
 * that dies mid-batch leaves nothing of it, and the batch a retry applies is always the
 * next one, never one already committed. The queue (pg-boss or the SQLite lease) only
 * decides which process runs the next step.
 */
@Injectable()
export class JobRunner implements JobWorker, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobRunner.name);
  readonly queue: JobQueue;

  constructor(
    private readonly database: Database,
    private readonly jobs: JobsRepository,
    private readonly bulkChanges: BulkLeadChanges,
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = database.openJobQueue({ leaseSeconds: config.JOB_LEASE_SECONDS });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start(this);
  }

  /** Before the database closes: the batch in progress commits, no other starts. */
  async onModuleDestroy(): Promise<void> {
    await this.queue.stop();
  }

  /** Schedules a job inside the transaction that makes it. */
  schedule(jobId: string, db: TransactionClient): Promise<void> {
    return this.queue.schedule(jobId, db);
  }

  async runStep(jobId: string): Promise<JobStepOutcome> {
    const outcome = await this.database.transaction((db) => this.applyNextBatch(jobId, db));
    if (outcome.published) await this.liveEvents.publish({ type: 'job.updated', id: jobId });
    return outcome.step;
  }

  async giveUp(jobId: string, error: unknown): Promise<void> {
    await this.jobs.finish(jobId, { status: 'failed', error: `Stopped after repeated failures: ${error instanceof Error ? error.message : String(error)}` });
    await this.liveEvents.publish({ type: 'job.updated', id: jobId });
  }

  private async applyNextBatch(jobId: string, db: TransactionClient): Promise<{ step: JobStepOutcome; published: boolean }> {
    await this.jobs.lock(jobId, db);
    const job = await this.jobs.findForBatch(jobId, db);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return { step: 'done', published: false };
    const batchSize = this.config.JOB_BATCH_SIZE;
    const leadIds = await this.jobs.nextItems(jobId, job.cursor, batchSize, db);
    if (leadIds.length === 0) {
      await this.jobs.finish(jobId, { status: 'succeeded' }, db);
      return { step: 'done', published: true };
    }
    const action = bulkActionSchema.parse(JSON.parse(job.action ?? 'null')) as BulkChangeAction;
    const resolved = await this.bulkChanges.resolve(action, db);
    if ('stopped' in resolved) {
      this.logger.warn({ jobId, reason: resolved.stopped }, 'A bulk job stopped');
      await this.jobs.finish(jobId, { status: 'failed', error: resolved.stopped }, db);
      return { step: 'done', published: true };
    }
    const batch = await this.bulkChanges.apply(resolved, leadIds, job.createdById, db);
    const finished = leadIds.length < batchSize;
    await this.jobs.recordBatch(job, { cursor: leadIds.at(-1)!, processed: leadIds.length, ...batch, finished }, db);
    return { step: finished ? 'done' : 'more', published: true };
  }
}
