import Database from 'better-sqlite3';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../src/database/database-url';
import { SQLITE_COMMON_TERM_MATCHES } from '../src/database/sqlite/sqlite-search';
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
