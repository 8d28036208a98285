import { parseDatabaseUrl } from '../database-url';
import { dialectFor } from '../dialect-for';
import { readMigrationList, readSchemaFiles } from './prisma-folder';
import { NO_SCHEMA_FILTER, withSchemaEngine } from './schema-engine';

/**
 * Applies the committed migrations that the database has not seen yet, with Prisma's
 * own engine: it keeps the standard _prisma_migrations table, so `prisma migrate
 * deploy` stays interchangeable wherever the native binary exists.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const dialect = dialectFor(parseDatabaseUrl(databaseUrl));
  await dialect.ensureExists();
  const result = await withSchemaEngine(dialect.adapterFactory({ poolSize: 1 }), readSchemaFiles(dialect.name), (engine) =>
    engine.applyMigrations({ migrationsList: readMigrationList(dialect.name), filters: NO_SCHEMA_FILTER }),
  );
  return result.appliedMigrationNames;
}
