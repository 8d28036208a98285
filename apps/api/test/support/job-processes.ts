import { startApi, type ServerProcess } from '@lead-desk/test-support';
import type { Job } from '@lead-desk/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows } from './database-rows';
import type { TestDatabase } from './test-database';

/** Small batches: a job over a few thousand leads or rows takes dozens, so a kill surely lands mid-way. */
export const JOB_TEST_BATCH = 50;

/** A process of the API on the test database: small batches and, by default, a short lease, so a dead process's job is taken over within seconds. */
export const jobApiOn = (database: TestDatabase, leaseSeconds = 2): Promise<ServerProcess> =>
  startApi({
    entry: 'source',
    env: { DATABASE_URL: database.url, AUTH_MODE: 'open', LOG_LEVEL: 'warn', JOB_BATCH_SIZE: String(JOB_TEST_BATCH), JOB_LEASE_SECONDS: String(leaseSeconds) },
  });

/** GET /api/jobs/:id of a process, over fetch. */
export const readJobOf =
  (api: ServerProcess) =>
  async (id: string): Promise<Job> => {
    const response = await fetch(`${api.url}/api/jobs/${id}`);
    if (!response.ok) throw new Error(`GET /api/jobs/${id} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Job;
  };

/** Waits until at least one batch of the job has committed. */
export async function oneBatchDone(api: ServerProcess, jobId: string): Promise<void> {
  for (let job = await readJobOf(api)(jobId); job.processed < JOB_TEST_BATCH; job = await readJobOf(api)(jobId)) await sleep(10);
}

/** What the database holds of the job right now (a killed process cannot be asked). */
export async function storedJob(database: TestDatabase, jobId: string): Promise<{ status: string; processed: number; cursor: string | null }> {
  const [row] = await queryRows<{ status: string; processed: number; cursor: string | null }>(database, `SELECT status, processed, cursor FROM jobs WHERE id = '${jobId}'`);
  return { status: row.status, processed: Number(row.processed), cursor: row.cursor };
}
