import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { JobKind } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import type { JobQueue, JobStepOutcome, JobWorker } from '../database/database-dialect';
import type { TransactionClient } from '../database/prisma-client';
import type { LiveEventSignal } from '../events/live-event';
import { LiveEventsService } from '../events/live-events.service';
import { BulkJobHandler } from './bulk/bulk-job-handler';
import { ImportJobHandler } from './import/import-job-handler';
import type { JobHandler } from './job-handler';
import { JobsRepository } from './jobs.repository';

/**
 * Applies background jobs batch by batch. Each batch is one transaction that locks the
 * job, reads its cursor, has the job's kind apply its next batch (BulkJobHandler: the
 * action on the next leads of the selection; ImportJobHandler: the next rows of the
 * stored file), with one activity entry per changed lead, and moves the cursor and
 * counters past it: a process that dies mid-batch leaves nothing of it, and the batch a
 * retry applies is always the next one, never one already committed. The queue (pg-boss
 * or the SQLite lease) only decides which process runs the next step.
 */
@Injectable()
export class JobRunner implements JobWorker, OnApplicationBootstrap, OnModuleDestroy {
  readonly queue: JobQueue;
  private readonly handlers: Record<JobKind, JobHandler>;

  constructor(
    private readonly database: Database,
    private readonly jobs: JobsRepository,
    bulkJobs: BulkJobHandler,
    importJobs: ImportJobHandler,
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = database.openJobQueue({ leaseSeconds: config.JOB_LEASE_SECONDS });
    this.handlers = { bulk: bulkJobs, import: importJobs };
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
    // Once committed: the batch's leads (an import's) and the job's progress.
    await this.liveEvents.publishAll(outcome.signals);
    return outcome.step;
  }

  async giveUp(jobId: string, error: unknown): Promise<void> {
    await this.database.transaction(async (db) => {
      await this.jobs.finish(jobId, { status: 'failed', error: `Stopped after repeated failures: ${error instanceof Error ? error.message : String(error)}` }, db);
      await this.jobs.deleteFile(jobId, db);
    });
    await this.liveEvents.publish({ type: 'job.updated', id: jobId });
  }

  private async applyNextBatch(jobId: string, db: TransactionClient): Promise<{ step: JobStepOutcome; signals: LiveEventSignal[] }> {
    await this.jobs.lock(jobId, db);
    const job = await this.jobs.findForBatch(jobId, db);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return { step: 'done', signals: [] };
    const next = await this.handlerFor(job.kind).nextBatch(job, db);
    const updated: LiveEventSignal = { type: 'job.updated', id: jobId };
    if ('done' in next || 'stopped' in next) {
      await this.jobs.finish(jobId, 'done' in next ? { status: 'succeeded' } : { status: 'failed', error: next.stopped }, db);
      await this.jobs.deleteFile(jobId, db);
      return { step: 'done', signals: [updated] };
    }
    await this.jobs.recordBatch(job, next.batch, db);
    if (next.batch.finished) await this.jobs.deleteFile(jobId, db);
    return { step: next.batch.finished ? 'done' : 'more', signals: [...next.signals, updated] };
  }

  private handlerFor(kind: string): JobHandler {
    const handler = this.handlers[kind as JobKind];
    if (!handler) throw new Error(`No handler for jobs of kind "${kind}"`);
    return handler;
  }
}
