import { Logger } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { JobQueue, JobQueueOptions, JobWorker } from '../database-dialect';
import type { PostgresTarget } from '../database-url';
import type { TransactionClient } from '../prisma-client';

const QUEUE = 'lead-desk-job-steps';
/** A step that failed this many times gives its job up (a crash costs one attempt too). */
const STEP_ATTEMPTS = 10;

interface StepData {
  jobId: string;
}

/**
 * PostgreSQL's job queue: pg-boss 10 (11+ needs Node 22), in a schema of its own beside the
 * app's (`<schema>_jobs`). Each step of a job (one batch) is a pg-boss job: the first is sent
 * in the transaction that makes the job, each later one by the step before it once its batch
 * has committed. A step whose process died stays active until pg-boss's maintenance fails it
 * by timeout (the lease) and retries it in whichever process fetches it first; the job
 * runner's lock and cursor make a retried or doubled step apply the next batch, never one twice.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly logger = new Logger(PgBossJobQueue.name);
  private readonly boss: PgBoss;
  private readonly stepOptions: PgBoss.SendOptions;
  private started = false;

  constructor(target: PostgresTarget, options: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: target.connectionString,
      schema: `${target.schema}_jobs`,
      max: 2,
      application_name: 'lead-desk-jobs',
      // Expiry is checked by maintenance: as often as half a lease, so a dead step is retried within 1.5 leases.
      maintenanceIntervalSeconds: Math.max(1, Math.floor(options.leaseSeconds / 2)),
      schedule: false,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'pg-boss failed'));
    this.stepOptions = { expireInSeconds: options.leaseSeconds, retryLimit: STEP_ATTEMPTS - 1, retryDelay: 1 };
  }

  async schedule(jobId: string, db: TransactionClient): Promise<void> {
    await this.boss.send(QUEUE, { jobId } satisfies StepData, { ...this.stepOptions, db: transactionExecutor(db) });
  }

  async start(worker: JobWorker): Promise<void> {
    await this.boss.start();
    this.started = true;
    await this.boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard' });
    const workerId: string = await this.boss.work<StepData>(QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 }, async ([step]) => {
      const { jobId } = step.data;
      try {
        if ((await worker.runStep(jobId)) === 'done') return;
      } catch (error) {
        this.logger.error({ err: error, jobId, attempt: step.retryCount + 1 }, 'A job step failed');
        if (step.retryCount + 1 >= STEP_ATTEMPTS) await worker.giveUp(jobId, error);
        throw error;
      }
      await this.boss.send(QUEUE, { jobId } satisfies StepData, this.stepOptions);
      // Fetch the next step at once rather than after the polling interval.
      this.boss.notifyWorker(workerId);
    });
  }

  /** Waits for the step in progress (its batch commits), then closes pg-boss's connections. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}

/** pg-boss's statements run on the caller's transaction (PostgreSQL parameters $1…). */
function transactionExecutor(db: TransactionClient): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: await db.$queryRawUnsafe<unknown[]>(text, ...values.map(asParameter)) }),
  };
}

/** Prisma binds objects only as JSON text, and has no undefined. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}
