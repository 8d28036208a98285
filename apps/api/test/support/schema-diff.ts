import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import { dialectFor } from '../../src/database/dialect-for';
import { parseDatabaseUrl } from '../../src/database/database-url';
import { PRISMA_DIR, readSchemaFiles } from '../../src/database/migrations/prisma-folder';
import { NO_SCHEMA_FILTER, withSchemaEngine } from '../../src/database/migrations/schema-engine';
import type { TestDatabase } from './test-database';

/** What Prisma's schema engine writes for a diff that finds nothing to change. */
export const EMPTY_MIGRATION = '-- This is an empty migration.\n';

/**
 * The SQL that would turn the database as it is into what prisma/models describe, as
 * Prisma's schema engine reads both: EMPTY_MIGRATION when they agree.
 */
export async function sqlFromDatabaseToModels(database: TestDatabase): Promise<string> {
  const target = parseDatabaseUrl(database.url);
  const files = readSchemaFiles(target.provider);
  const { stdout } = await withSchemaEngine(readingCharAsText(dialectFor(target).adapterFactory()), files, (engine) =>
    engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: PRISMA_DIR },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: null,
      filters: NO_SCHEMA_FILTER,
    }),
  );
  return stdout ?? '';
}

const PG_CHAR = 18;
const PG_TEXT = 25;

/**
 * The engine asks SQLite for a partial index's definition with its name in double quotes
 * (`... AND name = "leads_created_at_id_idx"`), which SQLite reads as a string only when
 * built to accept double-quoted strings; better-sqlite3 is not, so the name goes in single quotes.
 */
function indexNameAsLiteral(adapter: SqlDriverAdapter): SqlDriverAdapter {
  if (adapter.provider !== 'sqlite') return adapter;
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = (query) =>
    queryRaw({ ...query, sql: query.sql.replace(/^(SELECT sql FROM sqlite_master WHERE type = 'index' AND name = )"([^"']*)";$/, "$1'$2';") });
  return adapter;
}

/**
 * The engine reads PostgreSQL's catalogue, whose "char" columns (type 18) adapter-pg
 * refuses to type: they reach the engine as text. Migrations never read the catalogue.
 */
function readingCharAsText(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => indexNameAsLiteral(charAsText(await factory.connect())),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}

function charAsText(adapter: SqlDriverAdapter): SqlDriverAdapter {
  if (adapter.provider !== 'postgres') return adapter;
  const pg = adapter as SqlDriverAdapter & { performIO(query: SqlQuery): Promise<{ fields: { dataTypeID: number }[] }> };
  const performIO = pg.performIO.bind(pg);
  pg.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === PG_CHAR) field.dataTypeID = PG_TEXT;
    return result;
  };
  return pg;
}
