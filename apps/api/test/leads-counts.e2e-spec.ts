import Database from 'better-sqlite3';
import { Client } from 'pg';
import { Database as AppDatabase } from '../src/database/database';
import { parseDatabaseUrl } from '../src/database/database-url';
import { SqliteAggregateReader } from '../src/database/sqlite/sqlite-aggregate-reader';
import { SQLITE_COMMON_TERM_MATCHES } from '../src/database/sqlite/sqlite-search';
import { eventually } from './support/eventually';
import { insertLeads, type LeadFixture } from './support/lead-fixtures';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';
import type { Response } from 'supertest';

/** Runs one statement through a connection of its own, as another process (or psql) would. */
async function runElsewhere(databaseUrl: string, statement: string): Promise<void> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === 'sqlite') {
    const db = new Database(target.filename);
    try {
      db.exec(statement);
    } finally {
      db.close();
    }
    return;
  }
  const client = new Client({ connectionString: target.connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path = "${target.schema}"`);
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.each(PROVIDERS)('lead counts on %s', (provider) => {
  let testApp: TestApp;
  const total = async (query: Record<string, string> = {}) =>
    Number((await testApp.http.get('/api/leads').query({ limit: 1, ...query }).expect(200)).headers['x-total-count']);
  const stats = async () => (await testApp.http.get('/api/leads/stats').expect(200)).body as { total: number; qualified: number };

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  it('keeps X-Total-Count and the stats exact through every kind of change', async () => {
    await insertLeads(testApp, [
      { name: 'Counted One', location: 'Pune', qualified: true, createdAt: new Date('2026-02-01T00:00:00Z') },
      { name: 'Counted Two', location: 'Pune', createdAt: new Date('2026-02-02T00:00:00Z') },
    ]);
    expect(await total()).toBe(2);
    expect(await total({ status: 'qualified', q: 'pune' })).toBe(1);

    await testApp.http.post('/api/leads').send({ name: 'Through The API', location: 'Pune', qualified: true }).expect(201);
    expect(await total()).toBe(3);
    expect(await total({ status: 'qualified', q: 'pune' })).toBe(2);

    // Written straight to the database by this process's own connection...
    await insertLeads(testApp, [{ name: 'Fixture Three', location: 'Pune', qualified: true, createdAt: new Date('2026-02-03T00:00:00Z') }]);
    expect(await total({ status: 'qualified', q: 'pune' })).toBe(3);

    expect(await stats()).toMatchObject({ total: 4, qualified: 3 });

    // ...and by another connection, as another process or an operator would.
    expect(await total({ status: 'qualified' })).toBe(3);
    // A change of stage leaves the seed's counts as they are (they are kept through it), and the stage's own exact.
    await runElsewhere(testApp.database.url, `UPDATE leads SET stage_id = 'stage-contacted' WHERE name = 'Counted One'`);
    expect(await total({ status: 'qualified' })).toBe(3);
    expect(await total({ stage: 'stage-contacted' })).toBe(1);
    await runElsewhere(testApp.database.url, `UPDATE leads SET qualified = false WHERE name = 'Fixture Three'`);
    expect(await total({ status: 'qualified', q: 'pune' })).toBe(2);
    expect(await total({ status: 'qualified' })).toBe(2);
    await runElsewhere(testApp.database.url, `UPDATE leads SET archived_at = CURRENT_TIMESTAMP WHERE name = 'Counted One'`);
    expect(await total({ status: 'qualified' })).toBe(1);
    expect(await total()).toBe(3);
    await runElsewhere(testApp.database.url, `UPDATE leads SET archived_at = NULL WHERE name = 'Counted One'`);
    expect(await total({ status: 'qualified' })).toBe(2);
    expect(await stats()).toMatchObject({ total: 4, qualified: 2 });
    await runElsewhere(testApp.database.url, `DELETE FROM leads WHERE name = 'Counted Two'`);
    expect(await total()).toBe(3);
    expect(await total({ q: 'pune' })).toBe(3);
    expect(await stats()).toMatchObject({ total: 3, qualified: 2 });
  });
});

// On PostgreSQL only: a reader there can be held up by a lock (as a recount at ten million leads is by its own
// length), while SQLite's readers never wait for anything.
/**
 * Keeps every recount of the leads from finishing until the returned function is called. PostgreSQL:
 * a lock on the leads, which a count waits for; SQLite: the counts' worker thread held busy, as a
 * long count holds it (better-sqlite3 cannot be made to wait on a lock without blocking its thread).
 */
async function holdRecounts(testApp: TestApp): Promise<() => Promise<void>> {
  const target = parseDatabaseUrl(testApp.database.url);
  if (target.provider === 'sqlite') {
    const { counter } = testApp.app.get(AppDatabase) as unknown as { counter: unknown };
    expect(counter).toBeInstanceOf(SqliteAggregateReader);
    const release = (counter as SqliteAggregateReader).hold();
    return async () => release();
  }
  const lock = new Client({ connectionString: target.connectionString });
  await lock.connect();
  try {
    // Ended by the server after 15 s if the test never gets to its COMMIT (a recount waiting for the lock holds the app's shutdown).
    await lock.query(`SET idle_in_transaction_session_timeout = '15s'; BEGIN; LOCK TABLE "${target.schema}".leads IN ACCESS EXCLUSIVE MODE`);
  } catch (error) {
    await lock.end();
    throw error;
  }
  return async () => {
    try {
      await lock.query('COMMIT');
    } finally {
      await lock.end();
    }
  };
}

describe.each(PROVIDERS)('a recount that takes longer than the wait, on %s', (provider) => {
  let testApp: TestApp;
  const board = async () => ((await testApp.http.get('/api/leads/board').expect(200)).body as { count: number }[]).map(({ count }) => count);
  const stats = async () => ((await testApp.http.get('/api/leads/stats').expect(200)).body as { total: number }).total;
  const tags = async () => (await testApp.http.get('/api/tags').expect(200)).body as { tag: string; count: number }[];
  const createTagged = async (name: string) => {
    const { _id } = (await testApp.http.post('/api/leads').send({ name }).expect(201)).body as { _id: string };
    await testApp.http.put(`/api/leads/${_id}/tags`).send({ tags: ['Villa'] }).expect(200);
  };

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  it('answers the previous counts meanwhile, writes and other reads go on, and the new counts come once counted', async () => {
    for (const name of ['Counted Before', 'Also Before']) await createTagged(name);
    const before = { board: await board(), stats: await stats(), tags: await tags() };
    expect(before.stats).toBe(2);
    expect(before.tags).toEqual([{ tag: 'Villa', count: 2 }]);

    await createTagged('Written After');
    const release = await holdRecounts(testApp);
    try {
      expect(await board()).toEqual(before.board);
      expect(await stats()).toBe(2);
      expect(await tags()).toEqual(before.tags);
      // A recount under way holds up nothing else: a lead is written and read meanwhile. (On PostgreSQL the test's
      // lock holds writes to the leads too; there the counts run in PostgreSQL's own processes, apart from the API's.)
      if (provider === 'sqlite') {
        const written = (await testApp.http.post('/api/leads').send({ name: 'Written Meanwhile' }).expect(201)).body as { _id: string };
        expect((await testApp.http.get(`/api/leads/${written._id}`).expect(200)).body).toMatchObject({ name: 'Written Meanwhile' });
      }
    } finally {
      await release();
    }

    const leads = provider === 'sqlite' ? 4 : 3;
    expect(await eventually(async () => (await stats()) === leads)).toBe(true);
    expect(await board()).not.toEqual(before.board);
    expect(await tags()).toEqual([{ tag: 'Villa', count: 3 }]);
  });
});

describe.each(PROVIDERS)('a search term matching thousands of leads on %s', (provider) => {
  let testApp: TestApp;
  const start = Date.parse('2025-01-01T00:00:00Z');
  // More matches than SQLite's threshold for walking the list's index, in every letter case.
  const spellings = ['Sharma', 'SHARMA', 'sharma', 'ShArMa'];
  const leads: LeadFixture[] = Array.from({ length: SQLITE_COMMON_TERM_MATCHES + 1000 }, (_, i) => ({
    name: i % 3 === 2 ? `Lead ${i} Verma` : `Lead ${i} ${spellings[i % spellings.length]}`,
    email: i % 7 === 0 ? `lead${i}@sharmahomes.in` : `lead${i}@example.in`,
    location: i % 11 === 0 ? 'Sharmapur' : 'Pune',
    qualified: i % 2 === 0,
    createdAt: new Date(start + i * 60_000),
  }));
  const matchesTerm = (lead: LeadFixture) => [lead.name, lead.email, lead.location].some((field) => field?.toLowerCase().includes('sharma'));
  const matching = leads
    .filter((lead) => lead.qualified && matchesTerm(lead))
    .reverse()
    .map((lead) => lead.name);

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    await insertLeads(testApp, leads);
  });
  afterAll(() => testApp.close());

  it('lists the matches newest first on every page, with the exact total', async () => {
    const seen: string[] = [];
    let next: string | undefined = '/api/leads?status=qualified&q=SHARMA&limit=200';
    while (next) {
      // Typed here: `next` is read from this response, so inference would go round in a circle.
      const response: Response = await testApp.http.get(next).expect(200);
      expect(Number(response.headers['x-total-count'])).toBe(matching.length);
      seen.push(...response.body.map((lead: { name: string }) => lead.name));
      next = response.headers.link?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    expect(leads.filter(matchesTerm).length).toBeGreaterThanOrEqual(SQLITE_COMMON_TERM_MATCHES);
    expect(seen).toEqual(matching);
  });

  it('exports exactly the matches', async () => {
    const response = await testApp.http.get('/api/leads/export.csv').query({ status: 'qualified', q: 'sharma' }).expect(200);
    const lines = response.text.trim().split('\r\n');
    expect(lines).toHaveLength(matching.length + 1);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(matching);
  });
});
