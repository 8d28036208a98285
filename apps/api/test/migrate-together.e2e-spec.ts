import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseUrl, type PostgresTarget } from '../src/database/database-url';
import { dialectFor } from '../src/database/dialect-for';
import { migrateDatabase } from '../src/database/migrations/migrate-database';
import { PRISMA_DIR } from '../src/database/migrations/prisma-folder';
import { queryRows } from './support/database-rows';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** As instances starting together would: several set-ups of one empty schema at the same moment. */
const STARTERS = 4;

const rounds = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

async function expectOneQueue(database: TestDatabase): Promise<void> {
  const { schema } = parseDatabaseUrl(database.url) as PostgresTarget;
  expect(await queryRows(database, `SELECT name FROM "${schema}_jobs".queue`)).toEqual([{ name: 'lead-desk-job-steps' }]);
}

async function onFreshSchema(test: (database: TestDatabase) => Promise<void>): Promise<void> {
  const database = await createTestDatabase('postgresql');
  try {
    await test(database);
  } finally {
    await database.drop();
  }
}

describe('several starters at once on an empty PostgreSQL schema', () => {
  it.each(rounds(3))('apply the migrations once, by one of them, and set the job queue up (round %i)', () =>
    onFreshSchema(async (database) => {
      const applied = await Promise.all(Array.from({ length: STARTERS }, () => migrateDatabase(database.url)));
      const committed = readdirSync(join(PRISMA_DIR, 'postgresql/migrations'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      // One starter applied them all; the others, in turn, found nothing left.
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([...Array(STARTERS - 1).fill(0), committed.length]);
      expect(applied.flat().sort()).toEqual(committed);
      await expectOneQueue(database);
    }),
  120_000);

  // Without the start-up lock, pg-boss's create_queue deadlocked in about a third of such rounds.
  it.each(rounds(6))("set pg-boss's schema and queue up in turn, without a deadlock (round %i)", () =>
    onFreshSchema(async (database) => {
      const dialect = dialectFor(parseDatabaseUrl(database.url));
      await dialect.ensureExists();
      await Promise.all(Array.from({ length: STARTERS }, () => dialect.whileAloneAtStartUp(() => dialect.setUpJobQueue())));
      await expectOneQueue(database);
    }),
  60_000);
});
