import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { parseDatabaseUrl, type PostgresTarget } from '../src/database/database-url';
import { startUpLockKey } from '../src/database/postgresql/start-up-lock';
import { ApiProcesses } from './support/api-processes';
import { jobEnded } from './support/bulk-jobs';
import { queryRows } from './support/database-rows';
import { JOB_TEST_BATCH, readJobOf } from './support/job-processes';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from './support/test-database';

/** As a deployment's replicas come up: all at the same moment, on a database nothing has migrated yet. */
const INSTANCES = 4;
/** Each round a fresh database: the race is in the first start-up on an empty one, and it did not lose every time. */
const ROUNDS = 4;
/** A few batches, so the job's steps pass through the queue between instances. */
const LEADS = JOB_TEST_BATCH * 3;
const MIGRATIONS = readdirSync(join(__dirname, '../../../prisma/postgresql/migrations'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).length;

const send = async (api: ServerProcess, method: string, path: string, body: string, contentType = 'application/json') => {
  const response = await fetch(`${api.url}${path}`, { method, headers: { 'Content-Type': contentType }, body });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
};

/** Each committed migration applied once and finished; the job queue's queue made once. */
async function expectStartUpWorkDoneOnce(database: TestDatabase): Promise<void> {
  const migrations = await queryRows<{ migration_name: string; applied: number }>(
    database,
    'SELECT migration_name, COUNT(*) AS applied FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL GROUP BY migration_name',
  );
  expect(migrations).toHaveLength(MIGRATIONS);
  expect(migrations.filter((row) => Number(row.applied) !== 1)).toEqual([]);
  const { schema } = parseDatabaseUrl(database.url) as PostgresTarget;
  const queues = await queryRows<{ name: string }>(database, `SELECT name FROM "${schema}_jobs".queue`);
  expect(queues).toEqual([{ name: 'lead-desk-job-steps' }]);
}

/** A bulk stage change made through one instance and run by the queue: every lead changed exactly once. */
async function expectJobRunsOnce(database: TestDatabase, apis: ServerProcess[]): Promise<void> {
  const rows = Array.from({ length: LEADS }, (_, i) => `Start Lead ${i},start.${i}@example.in`);
  await send(apis[0], 'POST', '/api/leads/import', ['name,email', ...rows].join('\n'), 'text/csv');
  const created = await send(apis[1], 'POST', '/api/leads/bulk', JSON.stringify({ filter: {}, action: { type: 'stage', stageId: 'stage-contacted' } }));
  const job = await jobEnded(readJobOf(apis[2]), created.id as string, 60_000);
  expect(job).toMatchObject({ status: 'succeeded', total: LEADS, processed: LEADS, changed: LEADS, skipped: 0, errors: [] });
  const entries = await queryRows<{ entries: number; leads: number }>(
    database,
    `SELECT entries, COUNT(*) AS leads FROM (SELECT lead_id, COUNT(*) AS entries FROM lead_activities WHERE type = 'stage_changed' GROUP BY lead_id) per_lead GROUP BY entries`,
  );
  expect(entries.map((row) => ({ entries: Number(row.entries), leads: Number(row.leads) }))).toEqual([{ entries: 1, leads: LEADS }]);
}

describe(`${INSTANCES} API instances started together on an empty PostgreSQL database`, () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'all become healthy, the start-up work is done once, and jobs run once (round %i)',
    async () => {
      const processes = new ApiProcesses();
      try {
        await processes.start(INSTANCES, { AUTH_MODE: 'open', LOG_LEVEL: 'info', JOB_BATCH_SIZE: String(JOB_TEST_BATCH) }, 'together');
        const health = await Promise.all(processes.apis.map((api) => fetch(`${api.url}/api/health`)));
        expect(health.map((response) => response.status)).toEqual(Array(INSTANCES).fill(200));
        await expectStartUpWorkDoneOnce(processes.database);
        await expectJobRunsOnce(processes.database, processes.apis);
      } finally {
        await processes.stop();
      }
    },
    180_000,
  );
});

describe('an API instance starting while another migrates the same PostgreSQL schema', () => {
  it('says it waits, touches nothing until the other is done, then starts', async () => {
    const database = await createTestDatabase('postgresql');
    const logDir = mkdtempSync(join(tmpdir(), 'lead-desk-start-up-lock-'));
    const logFile = join(logDir, 'api.log');
    const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
    // The other instance, as far as the lock goes: this test's own session holds it.
    const otherInstance = new Client({ connectionString: TEST_POSTGRES_URL });
    await otherInstance.connect();
    let starting: Promise<ServerProcess> | undefined;
    try {
      const target = parseDatabaseUrl(database.url) as PostgresTarget;
      await otherInstance.query('SELECT pg_advisory_lock($1::bigint)', [startUpLockKey(target)]);
      starting = startApi({ entry: 'source', env: { DATABASE_URL: database.url, AUTH_MODE: 'open', LOG_LEVEL: 'info' }, logFile });
      const deadline = Date.now() + 60_000;
      while (!log().includes("Waiting for another instance's migration")) {
        if (Date.now() > deadline) throw new Error(`The instance never said it was waiting; its output:\n${log()}`);
        await sleep(100);
      }
      await sleep(1_000);
      const tables = await queryRows<{ tables: number }>(database, `SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema IN ('${target.schema}', '${target.schema}_jobs')`);
      expect(Number(tables[0].tables)).toBe(0);

      await otherInstance.query('SELECT pg_advisory_unlock_all()');
      const api = await starting;
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
      expect(log()).toMatch(/Another instance's migration of schema "[^"]+" finished after \d+ ms/);
      await expectStartUpWorkDoneOnce(database);
    } finally {
      await otherInstance.end();
      await starting?.then((api) => api.stop());
      rmSync(logDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
