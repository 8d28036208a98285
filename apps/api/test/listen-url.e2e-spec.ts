import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadAppConfig } from '../src/config/app-config';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './support/test-app';
import { TEST_POSTGRES_URL } from './support/test-database';

function eventsUrl(testApp: TestApp): string {
  const address = testApp.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}/api/events`;
}

async function backends(applicationName: string): Promise<{ query: string }[]> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE application_name = $1', [applicationName])).rows;
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_LISTEN_URL: the live events' LISTEN connection goes there (PostgreSQL directly, when
 * DATABASE_URL goes through PgBouncer in transaction mode), and only it: every other connection
 * keeps to DATABASE_URL. The connections are told apart by the application_name each URL gives.
 */
describe('DATABASE_LISTEN_URL', () => {
  const listening = `lead_desk_listen_${randomBytes(4).toString('hex')}`;
  let writer: TestApp;
  let reader: TestApp;

  beforeAll(async () => {
    writer = await startTestApp('postgresql');
    const listenUrl = new URL(TEST_POSTGRES_URL);
    listenUrl.searchParams.set('application_name', listening);
    reader = await startTestApp('postgresql', { DATABASE_LISTEN_URL: listenUrl.toString() }, writer.database);
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
  });

  it('listens there, and hears what another instance announces', async () => {
    const events = await SseClient.connect(eventsUrl(reader));
    try {
      const created = await writer.http.post('/api/leads').send({ name: 'Heard Through The Listen URL' }).expect(201);
      await events.next((event) => event.event === 'lead.created' && (event.data as { _id: string })._id === created.body._id);
    } finally {
      events.disconnect();
    }
    const viaListenUrl = await backends(listening);
    expect(viaListenUrl).toHaveLength(1);
    expect(viaListenUrl[0].query).toMatch(/^LISTEN /);
  });

  it.each([
    [{ DATABASE_URL: 'file:./leads.db', DATABASE_LISTEN_URL: 'postgresql://postgres@127.0.0.1:5432/test' }, 'needs DATABASE_URL on PostgreSQL'],
    [{ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test', DATABASE_LISTEN_URL: 'mysql://127.0.0.1/test' }, 'must start with postgres://'],
    [{ DATABASE_URL: 'postgresql://postgres@127.0.0.1:6432/test', DATABASE_LISTEN_URL: 'postgresql://postgres@127.0.0.1:5432/other' }, 'names database "other"'],
  ])('refuses %o at start-up, naming the variable', (env, message) => {
    expect(() => loadAppConfig(env)).toThrow(/DATABASE_LISTEN_URL: .*/);
    expect(() => loadAppConfig(env)).toThrow(message);
  });
});
