import type { ServerProcess } from '@lead-desk/test-support';
import { jobEnded } from './support/bulk-jobs';
import { expectEachRowImportedOnce, IMPORT_ROWS as ROWS, jobApiOn, oneBatchDone, readJobOf, startImport, storedJob } from './support/job-processes';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

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
