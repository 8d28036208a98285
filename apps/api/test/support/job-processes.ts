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

export const IMPORT_ROWS = 3_000;
const ROWS = IMPORT_ROWS;

/**
 * An import job of ROWS new people, some of them twice (a later row overwrites the earlier
 * one's stage: the job keeps onMatch=overwrite for whichever process resumes it); its id.
 */
export async function startImport(api: ServerProcess): Promise<string> {
  // Every tenth row repeats the person of the row before it, across batch boundaries too.
  const rows = Array.from({ length: ROWS }, (_, i) => (i % 10 === 9 ? `Crash Row ${i - 1},crash.${i - 1}@example.in,Contacted` : `Crash Row ${i},crash.${i}@example.in,New`));
  const response = await fetch(`${api.url}/api/leads/import/jobs?onMatch=overwrite`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: ['Name,Email,Stage', ...rows].join('\r\n') });
  if (response.status !== 202) throw new Error(`POST /api/leads/import/jobs answered ${response.status}: ${await response.text()}`);
  const created = (await response.json()) as { id: string; total: number };
  expect(created.total).toBe(ROWS);
  return created.id;
}

const count = async (database: TestDatabase, sql: string) => Number((await queryRows<{ n: number }>(database, sql))[0].n);

/** Every row imported once: one lead per person, each updated once by its repeat, one `imported` entry per row, the counters exact, the file gone. */
export async function expectEachRowImportedOnce(database: TestDatabase, job: Job): Promise<void> {
  const people = ROWS - ROWS / 10;
  expect(job).toMatchObject({ status: 'succeeded', total: ROWS, processed: ROWS, changed: ROWS, created: people, skipped: 0, errors: [] });
  expect(await count(database, 'SELECT COUNT(*) AS n FROM leads')).toBe(people);
  expect(await count(database, 'SELECT COUNT(DISTINCT email) AS n FROM leads')).toBe(people);
  const versions = await queryRows<{ version: number; stage_id: string; leads: number }>(database, 'SELECT version, stage_id, COUNT(*) AS leads FROM leads GROUP BY version, stage_id ORDER BY version');
  expect(versions.map((row) => ({ version: Number(row.version), stage: row.stage_id, leads: Number(row.leads) }))).toEqual([
    { version: 1, stage: 'stage-new', leads: people - ROWS / 10 },
    { version: 2, stage: 'stage-contacted', leads: ROWS / 10 },
  ]);
  const perRow = await queryRows<{ entries: number; leads: number }>(
    database,
    `SELECT entries, COUNT(*) AS leads FROM (SELECT lead_id, COUNT(*) AS entries FROM lead_activities WHERE type = 'imported' GROUP BY lead_id) per_lead GROUP BY entries ORDER BY entries`,
  );
  expect(perRow.map((row) => ({ entries: Number(row.entries), leads: Number(row.leads) }))).toEqual([
    { entries: 1, leads: people - ROWS / 10 },
    { entries: 2, leads: ROWS / 10 },
  ]);
  expect(await count(database, 'SELECT COUNT(*) AS n FROM job_files')).toBe(0);
}
