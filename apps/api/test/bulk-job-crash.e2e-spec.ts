import type { ServerProcess } from '@lead-desk/test-support';
import type { Job } from '@lead-desk/contracts';
import { jobEnded } from './support/bulk-jobs';
import { queryRows } from './support/database-rows';
import { jobApiOn, oneBatchDone, readJobOf, storedJob } from './support/job-processes';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

const LEADS = 3_000;

const send = async (api: ServerProcess, method: string, path: string, body?: string, contentType = 'application/json') => {
  const response = await fetch(`${api.url}${path}`, { method, headers: { 'Content-Type': contentType }, body });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
};

/** LEADS new leads through the import, then a bulk stage change of all of them; the job's id. */
async function startStageChange(api: ServerProcess): Promise<string> {
  const rows = Array.from({ length: LEADS }, (_, i) => `Crash Lead ${i},crash.${i}@example.in`);
  await send(api, 'POST', '/api/leads/import', ['name,email', ...rows].join('\n'), 'text/csv');
  const created = await send(api, 'POST', '/api/leads/bulk', JSON.stringify({ filter: {}, action: { type: 'stage', stageId: 'stage-contacted' } }));
  expect(created.total).toBe(LEADS);
  return created.id as string;
}

/** Every selected lead changed exactly once: in the stage, one version on, one stage_changed entry each, and the job's counters say so. */
async function expectEachLeadChangedOnce(database: TestDatabase, job: Job): Promise<void> {
  expect(job).toMatchObject({ status: 'succeeded', total: LEADS, processed: LEADS, changed: LEADS, skipped: 0, errors: [] });
  const leads = await queryRows<{ stage_id: string; version: number; leads: number }>(
    database,
    'SELECT stage_id, version, COUNT(*) AS leads FROM leads GROUP BY stage_id, version',
  );
  expect(leads.map((row) => ({ ...row, leads: Number(row.leads) }))).toEqual([{ stage_id: 'stage-contacted', version: 2, leads: LEADS }]);
  const entries = await queryRows<{ entries: number; leads: number }>(
    database,
    `SELECT entries, COUNT(*) AS leads FROM (SELECT lead_id, COUNT(*) AS entries FROM lead_activities WHERE type = 'stage_changed' GROUP BY lead_id) per_lead GROUP BY entries`,
  );
  expect(entries.map((row) => ({ entries: Number(row.entries), leads: Number(row.leads) }))).toEqual([{ entries: 1, leads: LEADS }]);
}

describe.each(PROVIDERS)('a bulk job whose process is killed mid-way, on %s', (provider) => {
  let database: TestDatabase;
  const apis: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
  });

  it('is resumed by the next process and changes every lead exactly once', async () => {
    const first = await jobApiOn(database);
    apis.push(first);
    const jobId = await startStageChange(first);
    // Killed once at least one batch has committed, well before the last.
    await oneBatchDone(first, jobId);
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    const stopped = await storedJob(database, jobId);
    expect(stopped.status).toBe('running');
    expect(stopped.processed).toBeLessThan(LEADS);

    const second = await jobApiOn(database);
    apis.push(second);
    await expectEachLeadChangedOnce(database, await jobEnded(readJobOf(second), jobId, 60_000));
  }, 120_000);
});

describe.each(PROVIDERS)('a bulk job whose process is stopped (SIGTERM) mid-way, on %s', (provider) => {
  let database: TestDatabase;
  const apis: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
  });

  it('lets the batch in progress commit, exits cleanly and hands the job on at once, not after the lease', async () => {
    // A lease far longer than the test waits: only a handed-on job can finish in time.
    const first = await jobApiOn(database, 600);
    const jobId = await startStageChange(first);
    await oneBatchDone(first, jobId);
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    const stopped = await storedJob(database, jobId);
    expect(stopped.status).toBe('running');

    const second = await jobApiOn(database, 600);
    apis.push(second);
    await expectEachLeadChangedOnce(database, await jobEnded(readJobOf(second), jobId, 60_000));
  }, 120_000);
});

describe('a bulk job with two API processes on one PostgreSQL', () => {
  let database: TestDatabase;
  const apis: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgresql');
    // One after the other: the first applies the migrations.
    apis.push(await jobApiOn(database));
    apis.push(await jobApiOn(database));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
  });

  it('runs once: every lead changed once, one entry each, every batch applied once', async () => {
    const [first, second] = apis;
    const jobId = await startStageChange(first);
    await expectEachLeadChangedOnce(database, await jobEnded(readJobOf(second), jobId, 60_000));
  }, 120_000);
});
