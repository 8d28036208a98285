import { FakeVapiServer, startApi, type ServerProcess } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { endOfCallReport } from './fixtures/vapi-messages';
import { executeScript, queryRows } from './support/database-rows';
import { createTestDatabase, type TestDatabase } from './support/test-database';

jest.setTimeout(120_000);

const PROCESSES = 3;

/**
 * The daily retention purge with several API processes on one PostgreSQL, as real
 * processes started at the same moment: each looks at start whether today's purge ran,
 * and exactly one runs it.
 */
describe('RETENTION_DAYS with several API processes on one PostgreSQL', () => {
  const fake = new FakeVapiServer();
  let database: TestDatabase;
  const apis: ServerProcess[] = [];

  beforeAll(async () => {
    await fake.start();
    database = await createTestDatabase('postgresql');
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database.drop();
    await fake.stop();
  });

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: database.url,
    AUTH_MODE: 'open',
    LOG_LEVEL: 'warn',
    VAPI_API_URL: fake.url,
    VAPI_PRIVATE_KEY: 'private-key',
    VAPI_DELETE_RETRY_SECONDS: '0.2',
    ...extra,
  });

  it('purges once a day however many processes start together', async () => {
    const writer = await startApi({ entry: 'source', env: env() });
    for (const callId of ['call-old', 'call-recent']) {
      const response = await fetch(`${writer.url}/api/webhooks/vapi`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(endOfCallReport({ callId, number: '+919860000501' })) });
      expect(response.status).toBe(200);
    }
    await writer.stop();
    // The old call came in 40 days ago; the recent one 10.
    await executeScript(
      database,
      `UPDATE calls SET created_at = now() - interval '40 days' WHERE vapi_call_id = 'call-old';
       UPDATE calls SET created_at = now() - interval '10 days' WHERE vapi_call_id = 'call-recent';`,
    );

    apis.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => startApi({ entry: 'source', env: env({ RETENTION_DAYS: '30' }) })))));
    const finished = () => queryRows<{ task: string; outcome: string | null }>(database, 'SELECT task, outcome FROM daily_runs');
    for (let tries = 0; tries < 200 && !(await finished()).some(({ outcome }) => outcome !== null); tries += 1) await sleep(100);

    expect(await finished()).toEqual([{ task: 'retention-purge', outcome: JSON.stringify({ calls: 1, leads: 1, whatsappMessages: 0, chats: 0 }) }]);
    const purged = await queryRows<{ vapi_call_id: string; transcript: string | null }>(database, 'SELECT vapi_call_id, transcript FROM calls ORDER BY vapi_call_id');
    expect(purged.map(({ vapi_call_id, transcript }) => ({ vapi_call_id, kept: transcript !== null }))).toEqual([
      { vapi_call_id: 'call-old', kept: false },
      { vapi_call_id: 'call-recent', kept: true },
    ]);
    const [{ entries }] = await queryRows<{ entries: string }>(database, `SELECT COUNT(*) AS entries FROM lead_activities WHERE type = 'retention_purged'`);
    expect(Number(entries)).toBe(1);
    for (let tries = 0; tries < 100 && !fake.requests.some(({ method }) => method === 'DELETE'); tries += 1) await sleep(100);
    // However many processes work through the outbox, Vapi is asked once.
    await sleep(1_000);
    expect(fake.requests.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual(['/call/call-old']);
  });
});
