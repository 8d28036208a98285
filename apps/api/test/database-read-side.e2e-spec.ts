import { Database } from '../src/database/database';
import { sql } from '../src/database/sql';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';

describe.each(PROVIDERS)('the read side on %s', (provider) => {
  let testApp: TestApp;
  let database: Database;
  const read = (where = sql`TRUE`) =>
    database.rows(sql`
      SELECT id, qualified, loan_needed AS "loanNeeded", created_at AS "createdAt", updated_at AS "updatedAt"
      FROM leads WHERE ${where} ORDER BY id`);

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    database = testApp.app.get(Database);
    // One lead written by Prisma, one by plain SQL with the time as text without an offset (as psql or a script would).
    await database.client.lead.create({
      data: { id: 'a', name: 'A', qualified: true, createdAt: new Date('2026-11-23T09:10:46.300Z'), updatedAt: new Date('2026-11-23T09:10:46.000Z') },
    });
    await database.client.$executeRaw`
      INSERT INTO leads (id, name, qualified, loan_needed, created_at, updated_at)
      VALUES ('b', 'B', ${false}, ${false}, '2026-11-23 09:10:46', '2026-11-24 00:00:00.5')`;
  });

  afterAll(() => testApp.close());

  it('reads booleans as booleans and every time as UTC text ending in Z, in a process whose time zone is not UTC', async () => {
    expect(process.env.TZ).toBe('Asia/Kolkata');
    expect(await read()).toStrictEqual([
      { id: 'a', qualified: true, loanNeeded: null, createdAt: '2026-11-23T09:10:46.300Z', updatedAt: '2026-11-23T09:10:46.000Z' },
      { id: 'b', qualified: false, loanNeeded: false, createdAt: '2026-11-23T09:10:46.000Z', updatedAt: '2026-11-24T00:00:00.500Z' },
    ]);
  });

  it('binds booleans and times as they are stored', async () => {
    const rows = await read(sql`qualified = ${true} AND created_at >= ${new Date('2026-11-23T09:10:46.300Z')}`);
    expect(rows.map((row) => (row as { id: string }).id)).toEqual(['a']);
  });

  it('reads counts as numbers', async () => {
    expect(await database.rows(sql`SELECT COUNT(*) AS count FROM leads`)).toStrictEqual([{ count: 2 }]);
  });

  it('sees a new table version once a write has committed', async () => {
    const before = await database.tableVersion('leads');
    expect(await database.tableVersion('leads')).toBe(before);
    await database.transaction((tx) => tx.lead.update({ where: { id: 'a' }, data: { name: 'A2' } }));
    expect(await database.tableVersion('leads')).not.toBe(before);
  });

  if (provider === 'postgresql') {
    it('prices a random page read as on an SSD on the read side and on Prisma\'s connections, which the list\'s plans rely on', async () => {
      expect(await database.rows(sql`SELECT current_setting('random_page_cost') AS cost`)).toStrictEqual([{ cost: '1.1' }]);
      expect(await database.client.$queryRaw`SELECT current_setting('random_page_cost') AS cost`).toStrictEqual([{ cost: '1.1' }]);
    });
  }
});
