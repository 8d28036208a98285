import { parseDatabaseUrl } from '../database-url';
import { dialectFor } from '../dialect-for';
import { readMigrationList, readSchemaFiles } from './prisma-folder';
import { NO_SCHEMA_FILTER, withSchemaEngine } from './schema-engine';

/**
 * Applies the committed migrations that the database has not seen yet, with Prisma's
 * own engine: it keeps the standard _prisma_migrations table, so `prisma migrate
 * deploy` stays interchangeable wherever the native binary exists. Then sets up the
 * job queue. Instances starting together do this one at a time, the later ones finding
 * it done (whileAloneAtStartUp); even creating the schema races otherwise.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const dialect = dialectFor(parseDatabaseUrl(databaseUrl));
  return dialect.whileAloneAtStartUp(async () => {
    await dialect.ensureExists();
    const result = await withSchemaEngine(dialect.adapterFactory({ poolSize: 1 }), readSchemaFiles(dialect.name), (engine) =>
      engine.applyMigrations({ migrationsList: readMigrationList(dialect.name), filters: NO_SCHEMA_FILTER }),
    );
    await dialect.setUpJobQueue();
    return result.appliedMigrationNames;
  });
}
