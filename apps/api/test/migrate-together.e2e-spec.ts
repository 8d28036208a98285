import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseUrl, type PostgresTarget } from '../src/database/database-url';
import { migrateDatabase } from '../src/database/migrations/migrate-database';
import { PRISMA_DIR } from '../src/database/migrations/prisma-folder';
import { queryRows } from './support/database-rows';
import { createTestDatabase } from './support/test-database';

/** As instances starting together would: several set-ups of one empty schema at the same moment. */
const STARTERS = 4;
/** Without the start-up lock, pg-boss's queue creation deadlocked in about a third of such rounds. */
const ROUNDS = 3;

describe('migrations and the job queue set up by several starters at once on an empty PostgreSQL schema', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('are done once, by one of them (round %i)', async () => {
    const database = await createTestDatabase('postgresql');
    try {
      const applied = await Promise.all(Array.from({ length: STARTERS }, () => migrateDatabase(database.url)));
      const committed = readdirSync(join(PRISMA_DIR, 'postgresql/migrations'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      // One starter applied them all; the others, in turn, found nothing left.
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([...Array(STARTERS - 1).fill(0), committed.length]);
      expect(applied.flat().sort()).toEqual(committed);
      const { schema } = parseDatabaseUrl(database.url) as PostgresTarget;
      expect(await queryRows(database, `SELECT name FROM "${schema}_jobs".queue`)).toEqual([{ name: 'lead-desk-job-steps' }]);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
