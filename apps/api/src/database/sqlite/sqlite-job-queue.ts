import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobQueue, JobQueueOptions, JobWorker } from '../database-dialect';
import type { LeadDeskPrismaClient } from '../prisma-client';

const POLL_MS = 500;
/** A step that failed this many times in a row gives its job up. */
const STEP_ATTEMPTS = 5;
const UNFINISHED = ['queued', 'running'];

/**
 * SQLite's job queue: a lease on the jobs table itself. No maintained job library runs on
 * SQLite through our driver adapter, and SQLite has one writer at a time anyway, so this
 * process polls for an unfinished job nobody holds (or whose holder's lease lapsed: it
 * died), claims it with a conditional write, and runs its steps, renewing the lease after
 * each. Its batches are once-only by the job runner's own transaction, not by the lease.
 */
export class SqliteJobQueue implements JobQueue {
  private readonly logger = new Logger(SqliteJobQueue.name);
  private readonly owner = randomUUID();
  private stopping = false;
  private loop?: Promise<void>;
  private wake = new AbortController();

  constructor(
    private readonly client: LeadDeskPrismaClient,
    private readonly options: JobQueueOptions,
  ) {}

  /** The job is in the jobs table already: only wake the poller. */
  async schedule(): Promise<void> {
    this.wake.abort();
  }

  async start(worker: JobWorker): Promise<void> {
    this.loop = this.run(worker);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake.abort();
    await this.loop;
  }

  private async run(worker: JobWorker): Promise<void> {
    while (!this.stopping) {
      let jobId: string | null = null;
      try {
        jobId = await this.claim();
        if (jobId) await this.runJob(jobId, worker);
      } catch (error) {
        this.logger.error({ err: error, jobId }, 'The job queue failed to claim or release a job');
      }
      if (!jobId) await this.idle();
    }
  }

  private async runJob(jobId: string, worker: JobWorker): Promise<void> {
    let failures = 0;
    try {
      while (!this.stopping) {
        try {
          if ((await worker.runStep(jobId)) === 'done') return;
          failures = 0;
        } catch (error) {
          failures += 1;
          this.logger.error({ err: error, jobId, attempt: failures }, 'A job step failed');
          if (failures >= STEP_ATTEMPTS) return await worker.giveUp(jobId, error);
          await sleep(POLL_MS * failures);
        }
        if (!(await this.renew(jobId))) return;
      }
    } finally {
      await this.release(jobId);
    }
  }

  /** The oldest unfinished job nobody holds, now ours; null when there is none. */
  private async claim(): Promise<string | null> {
    const now = new Date();
    const free = { status: { in: UNFINISHED }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
    const job = await this.client.job.findFirst({ where: free, orderBy: { createdAt: 'asc' }, select: { id: true } });
    if (!job) return null;
    const { count } = await this.client.job.updateMany({ where: { id: job.id, ...free }, data: { leaseOwner: this.owner, leaseUntil: this.leaseEnd() } });
    return count === 1 ? job.id : null;
  }

  /** False when the lease is no longer ours (it lapsed and another process took the job). */
  private async renew(jobId: string): Promise<boolean> {
    const { count } = await this.client.job.updateMany({ where: { id: jobId, leaseOwner: this.owner }, data: { leaseUntil: this.leaseEnd() } });
    return count === 1;
  }

  /** Stopping mid-job hands it on at once rather than after the lease. */
  private async release(jobId: string): Promise<void> {
    await this.client.job.updateMany({ where: { id: jobId, leaseOwner: this.owner }, data: { leaseOwner: null, leaseUntil: null } });
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.options.leaseSeconds * 1000);
  }

  private async idle(): Promise<void> {
    if (!this.wake.signal.aborted) await sleep(POLL_MS, undefined, { signal: this.wake.signal }).catch(ignoreAbort);
    this.wake = new AbortController();
  }
}

/** Being woken is the point of the signal, not a failure. */
function ignoreAbort(error: unknown): void {
  if ((error as Error).name !== 'AbortError') throw error;
}
