import type { ServerProcess } from '@lead-desk/test-support';
import type { Job } from '@lead-desk/contracts';
import { jobEnded } from './support/bulk-jobs';
import { queryRows } from './support/database-rows';
import { jobApiOn, oneBatchDone, readJobOf, storedJob } from './support/job-processes';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

const ROWS = 3_000;

/** An import job of ROWS new people, some of them named twice (a later row updates the earlier one's lead); its id. */
async function startImport(api: ServerProcess): Promise<string> {
  // Every tenth row repeats the person of the row before it, across batch boundaries too.
  const rows = Array.from({ length: ROWS }, (_, i) => (i % 10 === 9 ? `Crash Row ${i - 1},crash.${i - 1}@example.in,Contacted` : `Crash Row ${i},crash.${i}@example.in,New`));
  const response = await fetch(`${api.url}/api/leads/import/jobs`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: ['Name,Email,Stage', ...rows].join('\r\n') });
  if (response.status !== 202) throw new Error(`POST /api/leads/import/jobs answered ${response.status}: ${await response.text()}`);
  const created = (await response.json()) as { id: string; total: number };
  expect(created.total).toBe(ROWS);
  return created.id;
}

const count = async (database: TestDatabase, sql: string) => Number((await queryRows<{ n: number }>(database, sql))[0].n);

/** Every row imported once: one lead per person, each updated once by its repeat, one `imported` entry per row, the counters exact, the file gone. */
async function expectEachRowImportedOnce(database: TestDatabase, job: Job): Promise<void> {
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

describe.each(PROVIDERS)('an import job whose process is killed mid-way, on %s', (provider) => {
  let database: TestDatabase;
  const apis: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
  });

  it('is resumed by the next process from its cursor and imports every row exactly once', async () => {
    const first = await jobApiOn(database);
    apis.push(first);
    const jobId = await startImport(first);
    await oneBatchDone(first, jobId);
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    const stopped = await storedJob(database, jobId);
    expect(stopped.status).toBe('running');
    expect(stopped.processed).toBeLessThan(ROWS);
    // The cursor is the last line committed: the header is line 1, so processed rows end on line processed + 1.
    expect(stopped.cursor).toBe(String(stopped.processed + 1));

    const second = await jobApiOn(database);
    apis.push(second);
    await expectEachRowImportedOnce(database, await jobEnded(readJobOf(second), jobId, 60_000));
  }, 120_000);
});

describe('an import job with two API processes on one PostgreSQL', () => {
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

  it('runs once: every row imported once', async () => {
    const [first, second] = apis;
    const jobId = await startImport(first);
    await expectEachRowImportedOnce(database, await jobEnded(readJobOf(second), jobId, 60_000));
  }, 120_000);
});
