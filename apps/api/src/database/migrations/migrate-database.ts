import { createAdapterFactory } from '../adapter-factory';
import { parseDatabaseUrl } from '../database-url';
import { readMigrationList, readSchemaFiles } from './prisma-folder';
import { NO_SCHEMA_FILTER, withSchemaEngine } from './schema-engine';

/**
 * Applies the committed migrations that the database has not seen yet, with Prisma's
 * own engine: it keeps the standard _prisma_migrations table, so `prisma migrate
 * deploy` stays interchangeable wherever the native binary exists.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === 'postgresql') await ensurePostgresSchema(target.connectionString, target.schema);
  const result = await withSchemaEngine(createAdapterFactory(target, { poolSize: 1 }), readSchemaFiles(target.provider), (engine) =>
    engine.applyMigrations({ migrationsList: readMigrationList(target.provider), filters: NO_SCHEMA_FILTER }),
  );
  return result.appliedMigrationNames;
}

async function ensurePostgresSchema(connectionString: string, schema: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
