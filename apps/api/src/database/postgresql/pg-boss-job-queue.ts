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

/** pg-boss's schema beside the app's. */
const bossSchema = (target: PostgresTarget): string => `${target.schema}_jobs`;

/**
 * Creates or upgrades pg-boss's schema and creates the queue, then lets go: start-up work that
 * must run once across instances, so it runs under the start-up lock (withStartUpLock), never
 * beside another instance's (see there why pg-boss's own locks are not enough).
 */
export async function setUpPgBossQueue(target: PostgresTarget): Promise<void> {
  const boss = new PgBoss({ connectionString: target.connectionString, schema: bossSchema(target), max: 1, application_name: 'lead-desk-jobs-set-up', supervise: false, schedule: false });
  const logger = new Logger('PgBossSetUp');
  boss.on('error', (error) => logger.error({ err: error }, 'pg-boss failed while setting up'));
  await boss.start();
  try {
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard' });
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/**
 * PostgreSQL's job queue: pg-boss 10 (11+ needs Node 22), in a schema of its own beside the
 * app's (`<schema>_jobs`). Each step of a job (batches for up to half a lease) is a pg-boss
 * job: the first is sent in the transaction that makes the job, each later one by the step
 * before it once its last batch has committed. A step whose process died stays active until pg-boss's maintenance fails it
 * by timeout (the lease) and retries it in whichever process fetches it first; the job
 * runner's lock and cursor make a retried or doubled step apply the next batch, never one twice.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly logger = new Logger(PgBossJobQueue.name);
  private readonly boss: PgBoss;
  private readonly stepOptions: PgBoss.SendOptions;
  /** How long one step applies batches before handing on: well inside its expiry. */
  private readonly stepMs: number;
  private started = false;
  private stopping = false;

  constructor(target: PostgresTarget, options: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: target.connectionString,
      schema: bossSchema(target),
      max: 2,
      // The schema and the queue were set up at start-up (setUpPgBossQueue): start only checks its version.
      migrate: false,
      application_name: 'lead-desk-jobs',
      // Expiry is checked by maintenance: as often as half a lease, so a dead step is retried within 1.5 leases.
      maintenanceIntervalSeconds: Math.max(1, Math.floor(options.leaseSeconds / 2)),
      schedule: false,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'pg-boss failed'));
    this.stepOptions = { expireInSeconds: options.leaseSeconds, retryLimit: STEP_ATTEMPTS - 1, retryDelay: 1 };
    this.stepMs = (options.leaseSeconds * 1000) / 2;
  }

  async schedule(jobId: string, db: TransactionClient): Promise<void> {
    await this.boss.send(QUEUE, { jobId } satisfies StepData, { ...this.stepOptions, db: transactionExecutor(db) });
  }

  async start(worker: JobWorker): Promise<void> {
    await this.boss.start();
    this.started = true;
    const workerId: string = await this.boss.work<StepData>(QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 }, async ([step]) => {
      const { jobId } = step.data;
      const handOnAt = Date.now() + this.stepMs;
      try {
        // Batches back to back while the step is young: a pg-boss round trip per batch cost a fifth of a job's time.
        let outcome = await worker.runStep(jobId);
        while (outcome === 'more' && Date.now() < handOnAt && !this.stopping) outcome = await worker.runStep(jobId);
        if (outcome === 'done') return;
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
    this.stopping = true;
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
