import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseProvider } from '../src/database/database-url';
import { migrateDatabase } from '../src/database/migrations/migrate-database';
import { PRISMA_DIR } from '../src/database/migrations/prisma-folder';
import { executeScript } from './support/database-rows';
import { EMPTY_MIGRATION, sqlFromDatabaseToModels } from './support/schema-diff';
import { createTestDatabase, PROVIDERS } from './support/test-database';

/**
 * What the migrations add by hand that Prisma's schema language cannot express (the
 * search indexes of prisma/<provider>/search-index.sql): a diff would drop them to match
 * the models, so the test drops them first. Each drop fails if its object is missing.
 */
const HAND_WRITTEN_OBJECTS: Record<DatabaseProvider, string> = {
  sqlite: 'DROP TABLE "leads_search"; DROP TABLE "leads_phone_search";',
  postgresql: 'DROP INDEX "leads_name_trgm_idx"; DROP INDEX "leads_email_trgm_idx"; DROP INDEX "leads_location_trgm_idx"; DROP INDEX "leads_phone_trgm_idx";',
};

function prismaFiles(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

describe('migrations and models', () => {
  it('prisma/migrated-models is a copy of prisma/models: every change to the models has its migration (pnpm db:migration <name>)', () => {
    expect(prismaFiles(join(PRISMA_DIR, 'migrated-models'))).toEqual(prismaFiles(join(PRISMA_DIR, 'models')));
  });

  it.each(PROVIDERS)('on %s the committed migrations build exactly the tables, columns, indexes and keys of prisma/models', async (provider) => {
    const database = await createTestDatabase(provider);
    try {
      await migrateDatabase(database.url);
      await executeScript(database, HAND_WRITTEN_OBJECTS[provider]);
      expect(await sqlFromDatabaseToModels(database)).toBe(EMPTY_MIGRATION);
    } finally {
      await database.drop();
    }
  });
});
