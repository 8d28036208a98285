import { PgBouncer } from '@lead-desk/test-support';
import { Client } from 'pg';
import { ApiProcesses } from './support/api-processes';
import { eventually } from './support/eventually';
import { SseClient } from './support/sse-client';
import { startTestApp } from './support/test-app';
import { TEST_POSTGRES_URL, type TestDatabase } from './support/test-database';

jest.setTimeout(180_000);

/** PgBouncer's server connections for the API: far fewer than the two processes' pools, so each transaction may land on any of them. */
const SERVER_CONNECTIONS = 3;
const PREFIX = 'Pooled Buyer';

const schemaOf = (database: TestDatabase) => new URL(database.url).searchParams.get('schema')!;

async function adminConsole<T>(bouncer: PgBouncer, command: string): Promise<T[]> {
  const client = new Client({ connectionString: bouncer.adminUrl });
  await client.connect();
  try {
    return (await client.query(command)).rows as T[];
  } finally {
    await client.end();
  }
}

type Lead = { _id: string; name: string; version: number; tags: string[] };

/**
 * The API through the real PgBouncer (Debian's) in transaction mode (`pgbouncer=true`), where a
 * client holds a server connection only for a transaction: two processes start together on an
 * empty schema (migrations over DATABASE_DIRECT_URL), then write, read, search, count, export and
 * run a job through 3 server connections shared by both, and hear each other's live events over
 * the direct LISTEN. Whatever leaned on a session would fail here: PgBouncer refuses start-up
 * options outright, a session lock or a SET would be left on a server connection another client
 * gets next, and a LISTEN through it would hear nothing.
 */
describe('behind PgBouncer in transaction mode', () => {
  const bouncer = new PgBouncer();
  const processes = new ApiProcesses();
  const api = (index: number) => processes.apis[index].url;
  const send = (index: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api(index)}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = async <T>(answer: Promise<Response>, status = 200): Promise<T> => {
    const response = await answer;
    if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    // PgBouncer starts once the schema is known: its connect_query gives the pooled sessions what the pools cannot send.
    await processes.start(
      2,
      async (database) => {
        const schema = schemaOf(database);
        await bouncer.start({ server: TEST_POSTGRES_URL, poolSize: SERVER_CONNECTIONS, connectQuery: `SET search_path = "${schema}", public; SET random_page_cost = 1.1` });
        return { AUTH_MODE: 'open', LOG_LEVEL: 'warn', DEMO_DATA: 'false', DATABASE_URL: bouncer.url({ schema }), DATABASE_DIRECT_URL: database.url };
      },
      'together',
    );
  });

  afterAll(async () => {
    await processes.stop();
    await bouncer.stop();
  });

  it('writes, reads, searches, counts, edits and exports leads through either instance', async () => {
    const created: Lead[] = [];
    for (let i = 0; i < 12; i += 1) {
      created.push(await json<Lead>(send(i % 2, 'POST', '/api/leads', { name: `${PREFIX} ${i}`, phone: `+9198765${String(i).padStart(5, '0')}` }), 201));
    }
    const query = `q=${encodeURIComponent(PREFIX)}`;
    const page = await send(1, 'GET', `/api/leads?${query}&limit=50`);
    expect(page.headers.get('x-total-count')).toBe('12');
    expect(((await page.json()) as Lead[]).map((lead) => lead.name).sort()).toEqual(created.map((lead) => lead.name).sort());
    const board = await json<{ count: number }[]>(send(0, 'GET', `/api/leads/board?${query}`));
    expect(board.reduce((sum, column) => sum + column.count, 0)).toBe(12);
    expect(await json<{ thisMonth: number }>(send(1, 'GET', '/api/leads/stats'))).toMatchObject({ thisMonth: 12 });

    const [edited] = created;
    const patched = await json<Lead>(send(1, 'PATCH', `/api/leads/${edited._id}`, { name: `${PREFIX} renamed` }, { 'If-Match': `"${edited.version}"` }));
    expect((await send(0, 'PATCH', `/api/leads/${edited._id}`, { name: 'Stale edit' }, { 'If-Match': `"${edited.version}"` })).status).toBe(412);
    expect(await json<Lead>(send(0, 'GET', `/api/leads/${edited._id}`))).toMatchObject({ name: `${PREFIX} renamed`, version: patched.version });

    const csv = await (await send(0, 'GET', `/api/leads/export.csv?${query}`)).text();
    const records = csv.trimEnd().split('\r\n');
    expect(records).toHaveLength(13);
    expect(records.filter((record) => record.includes(`${PREFIX} renamed`))).toHaveLength(1);
  });

  it("runs a bulk job on the pooled job queue, whichever instance's worker takes it", async () => {
    const ids = (await json<Lead[]>(send(0, 'GET', `/api/leads?q=${encodeURIComponent(PREFIX)}&limit=50`))).map((lead) => lead._id);
    const job = await json<{ id: string; total: number }>(send(1, 'POST', '/api/leads/bulk', { ids, action: { type: 'addTags', tags: ['Pooled'] } }), 202);
    expect(job.total).toBe(12);
    expect(await eventually(async () => (await json<{ status: string }>(send(0, 'GET', `/api/jobs/${job.id}`))).status === 'succeeded')).toBe(true);
    expect(await json<{ changed: number }>(send(1, 'GET', `/api/jobs/${job.id}`))).toMatchObject({ changed: 12 });
    expect((await send(0, 'GET', '/api/leads?tag=Pooled')).headers.get('x-total-count')).toBe('12');
  });

  it('brings a browser on one instance the leads written through the other (LISTEN over the direct URL)', async () => {
    const events = await SseClient.connect(`${api(0)}/api/events`);
    try {
      const lead = await json<Lead>(send(1, 'POST', '/api/leads', { name: 'Heard Past The Pooler' }), 201);
      await events.next((event) => event.event === 'lead.created' && (event.data as { _id: string })._id === lead._id);
    } finally {
      events.disconnect();
    }
  });

  it('shared its few server connections among all of it', async () => {
    const database = new URL(TEST_POSTGRES_URL).pathname.slice(1);
    const [pool] = (await adminConsole<Record<string, string>>(bouncer, 'SHOW POOLS')).filter((row) => row.database === database);
    const serverConnections = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce((sum, column) => sum + Number(pool[column]), 0);
    expect(serverConnections).toBeGreaterThan(0);
    expect(serverConnections).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    const [stats] = (await adminConsole<Record<string, string>>(bouncer, 'SHOW STATS')).filter((row) => row.database === database);
    // Every read and write above went through PgBouncer: far more transactions than its connections.
    expect(Number(stats.total_xact_count)).toBeGreaterThan(100);
  });

  it('refuses to start when the pooler does not give its sessions the schema', async () => {
    const bare = new PgBouncer();
    await bare.start({ server: TEST_POSTGRES_URL, poolSize: 1 });
    try {
      const pooled = { provider: 'postgresql' as const, url: bare.url({ schema: schemaOf(processes.database) }), drop: async () => undefined };
      await expect(startTestApp('postgresql', { DATABASE_DIRECT_URL: processes.database.url }, pooled)).rejects.toThrow(
        /^DATABASE_URL goes through a pooler in transaction mode \(pgbouncer=true\), whose sessions have search_path "public", not "lead_desk_test_\w+" then public/,
      );
    } finally {
      await bare.stop();
    }
  });

  it('refuses to start when the read replica is reached through a pooler that does not give its sessions the schema', async () => {
    const bare = new PgBouncer();
    await bare.start({ server: TEST_POSTGRES_URL, poolSize: 1 });
    try {
      await expect(startTestApp('postgresql', { DATABASE_READ_URL: bare.url({ schema: schemaOf(processes.database) }) }, processes.database)).rejects.toThrow(
        /^DATABASE_READ_URL goes through a pooler in transaction mode \(pgbouncer=true\), whose sessions have search_path "public", not "lead_desk_test_\w+" then public/,
      );
    } finally {
      await bare.stop();
    }
  });
});
