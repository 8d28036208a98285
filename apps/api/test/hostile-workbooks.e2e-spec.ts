import { startApi, type ServerProcess } from '@lead-desk/test-support';
import type { Job } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { JobRunner } from '../src/jobs/job-runner';
import { JobsRepository } from '../src/jobs/jobs.repository';
import { jobEnded } from './support/bulk-jobs';
import { queryRows } from './support/database-rows';
import { hugeSharedStringsWorkbook, largePartWorkbook, longInlineCellWorkbook, manySharedStringsWorkbook, MiB } from './support/hostile-workbooks';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(600_000);

// The refusals under the default limits (IMPORT_MAX_CELL_CHARACTERS, IMPORT_MAX_UNZIPPED_BYTES, IMPORT_MAX_SHARED_STRINGS).
const CELL_TOO_LONG = 'has a cell longer than 32,767 characters (IMPORT_MAX_CELL_CHARACTERS)';
const UNZIPS_TOO_LARGE = 'unzips to more than 100 MiB (IMPORT_MAX_UNZIPPED_BYTES)';
const TOO_MANY_SHARED_STRINGS = 'holds more than 10,00,000 shared strings (IMPORT_MAX_SHARED_STRINGS)';

/** Every route that reads an uploaded file: the preview, the import, and a job (which reads it again whenever a process opens it). */
const ROUTES = ['/api/leads/import/preview', '/api/leads/import', '/api/leads/import/jobs'];

/**
 * The memory an import may take above the idle API: BENCHMARKS §8's import of 100,000 rows
 * peaked 93-109 MiB above the idle process. Before issue 22, one of the files below took the
 * API to 1.4 GB, another to its heap limit and death.
 */
const IMPORT_RSS_BUDGET = 128 * MiB;

/** Built once, when first asked for: the largest takes seconds (its CRC runs over 4 GB). */
function once(make: () => Uint8Array): () => Uint8Array {
  let made: Uint8Array | undefined;
  return () => (made ??= make());
}

interface Hostile {
  name: string;
  /** As the recorded figures name it. */
  short: string;
  file: () => Uint8Array;
  fileName: string;
  message: string;
}

const ISSUE_4_GB: Hostile = { name: "issue 22's 4 MB workbook: 40 shared strings of 100 MiB", short: '40 strings of 100 MiB', file: once(() => hugeSharedStringsWorkbook(40, 100 * MiB)), fileName: 'leads.xlsx', message: CELL_TOO_LONG };
const ISSUE_300_MB: Hostile = { name: "issue 22's 300 KB workbook: one shared string of 300 MiB, in a cell", short: 'a 300 MiB string', file: once(() => hugeSharedStringsWorkbook(1, 300 * MiB)), fileName: 'leads.xlsx', message: CELL_TOO_LONG };
const GIGABYTE_PART: Hostile = { name: 'a workbook with a part (an image) that unzips to 1 GiB', short: 'a 1 GiB part', file: once(() => largePartWorkbook(1024 * MiB)), fileName: 'leads.xlsx', message: UNZIPS_TOO_LARGE };
const HOSTILE_FILES: Hostile[] = [
  ISSUE_4_GB,
  ISSUE_300_MB,
  GIGABYTE_PART,
  { name: 'a workbook of 1,100,000 one-letter shared strings (19 MB unzipped)', short: '1,100,000 strings', file: () => manySharedStringsWorkbook(1_100_000), fileName: 'leads.xlsx', message: TOO_MANY_SHARED_STRINGS },
  { name: 'a workbook whose sheet holds an inline cell of 1 MiB', short: 'a 1 MiB inline cell', file: () => longInlineCellWorkbook(MiB), fileName: 'leads.xlsx', message: CELL_TOO_LONG },
  { name: 'a CSV file with a cell of 15 MiB on one line', short: 'a CSV cell of 15 MiB', file: () => Buffer.from(`Name,Notes\nAsha Rao,${'c'.repeat(15 * MiB)}\n`), fileName: 'leads.csv', message: `line 2 ${CELL_TOO_LONG}` },
];

describe.each(PROVIDERS)('hostile import files against the API process on %s', (provider) => {
  let database: TestDatabase;
  let api: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    api = await startApi({ entry: 'source', env: { DATABASE_URL: database.url, AUTH_MODE: 'open', LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  async function upload(route: string, file: Uint8Array, fileName: string): Promise<{ status: number; body: { errors?: unknown } }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    const response = await fetch(`${api.url}${route}`, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as { errors?: unknown } };
  }

  const count = async (table: string) => Number((await queryRows<{ n: number }>(database, `SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  // First, on the process as it started: what it takes for these files is not hidden in memory earlier tests left it.
  it('keeps its memory within the import budget with three hostile workbooks at once, each answered 400', async () => {
    const hostile = [ISSUE_4_GB, ISSUE_300_MB, GIGABYTE_PART];
    const files = hostile.map(({ file }) => file());
    const idleBytes = api.rssBytes();
    const { result, peakBytes } = await api.peakRssDuring(() =>
      // One to each route: the preview, the import, a job.
      Promise.all(
        files.map(async (file, index) => {
          const started = performance.now();
          const { status } = await upload(ROUTES[index], file, 'leads.xlsx');
          return { status, seconds: (performance.now() - started) / 1000 };
        }),
      ),
    );
    const mib = (bytes: number) => Math.round(bytes / MiB);
    recordFigures({
      promise: 'Security regression',
      test: currentTestName(),
      database: provider,
      figures: {
        files: hostile.map(({ name }) => name).join(' + '),
        compressedMiB: files.map((file) => (file.length / MiB).toFixed(2)).join(' / '),
        idleRssMiB: mib(idleBytes),
        peakRssMiB: mib(peakBytes),
        secondsTo400: result.map(({ seconds }) => seconds.toFixed(2)).join(' / '),
      },
    });
    expect(result.map(({ status }) => status)).toEqual([400, 400, 400]);
    expect(peakBytes - idleBytes).toBeLessThan(IMPORT_RSS_BUDGET);
    // Still serving.
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  });

  it('imports the same kinds of workbook, built the same way, within the limits', async () => {
    const files = [hugeSharedStringsWorkbook(1, 150), largePartWorkbook(2 * MiB), longInlineCellWorkbook(180), manySharedStringsWorkbook(1_000)];
    const summaries = [];
    for (const file of files) summaries.push((await upload('/api/leads/import', file, 'leads.xlsx')).body);
    expect(summaries).toEqual(files.map(() => ({ created: 1, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] })));
  });

  it('refuses each hostile file with a 400 naming its limit, on the preview, the import and a job, and stores nothing', async () => {
    const [leads, jobs] = [await count('leads'), await count('jobs')];
    const answers = [];
    const seconds: string[] = [];
    for (const hostile of HOSTILE_FILES) {
      const file = hostile.file();
      const perRoute: string[] = [];
      for (const route of ROUTES) {
        const started = performance.now();
        answers.push({ file: hostile.name, route, ...(await upload(route, file, hostile.fileName)) });
        perRoute.push(((performance.now() - started) / 1000).toFixed(2));
      }
      seconds.push(`${hostile.short} ${perRoute.join('/')}`);
    }
    recordFigures({ promise: 'Security regression', test: currentTestName(), database: provider, figures: { answers: answers.length, secondsTo400PreviewImportJob: seconds.join(', ') } });
    expect(answers).toEqual(HOSTILE_FILES.flatMap(({ name, message }) => ROUTES.map((route) => ({ file: name, route, status: 400, body: expect.objectContaining({ errors: [{ field: 'file', message }] }) }))));
    expect([await count('leads'), await count('jobs'), await count('job_files')]).toEqual([leads, jobs, 0]);
  });
});

describe.each(PROVIDERS)('an import job whose stored file is over the limits, on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp?.close());

  /**
   * A job stored as POST /api/leads/import/jobs stores one, scheduled in the same
   * transaction, but without the check it makes first: a file kept from before these limits,
   * or from a process with higher ones. The process that runs the job reads it again.
   */
  async function storedImportJob(file: Uint8Array, name: string): Promise<string> {
    const jobs = testApp.app.get(JobsRepository);
    const runner = testApp.app.get(JobRunner);
    return testApp.app.get(Database).transaction(async (db) => {
      const job = await jobs.create({ kind: 'import', action: null, createdById: null, status: 'queued', total: 1 }, db);
      await jobs.addFile(job.id, { name, bytes: Buffer.from(file), options: JSON.stringify({ dedupe: 'both', onMatch: 'fill' }) }, db);
      await runner.schedule(job.id, db);
      return job.id;
    });
  }

  it.each([
    ['a workbook whose shared string is 1 MiB long', () => hugeSharedStringsWorkbook(1, MiB), 'leads.xlsx', CELL_TOO_LONG],
    ['a CSV file with a cell of 1 MiB', () => Buffer.from(`Name\n${'c'.repeat(MiB)}\n`), 'leads.csv', `line 2 ${CELL_TOO_LONG}`],
  ])('stops at %s: failed, naming the limit, nothing imported', async (_, file, name, message) => {
    const id = await storedImportJob(file(), name);
    const job: Job = await jobEnded(async (jobId) => (await testApp.http.get(`/api/jobs/${jobId}`).expect(200)).body, id);
    expect(job).toMatchObject({ status: 'failed', processed: 0, error: `The imported file could not be read: Invalid file: ${message}` });
    expect((await testApp.http.get('/api/leads').expect(200)).body).toEqual([]);
  });
});
