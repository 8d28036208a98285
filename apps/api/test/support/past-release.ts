import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dialectFor } from '../../src/database/dialect-for';
import { parseDatabaseUrl, type DatabaseProvider } from '../../src/database/database-url';
import { readMigrationList, readSchemaFiles } from '../../src/database/migrations/prisma-folder';
import { NO_SCHEMA_FILTER, withSchemaEngine } from '../../src/database/migrations/schema-engine';
import { executeScript, queryRows } from './database-rows';
import type { TestDatabase } from './test-database';

/** A release as its databases were left: frozen in test/fixtures/releases/<name>/, independent of git history. */
export interface PastRelease {
  name: string;
  /** The tables its fill writes, each with the columns that identify its rows. */
  tables: Record<string, string[]>;
  /** Per provider, the migrations it shipped: folder name → sha256 of migration.sql. */
  migrations: Record<DatabaseProvider, Record<string, string>>;
  /** INSERTs written for its schema, valid on both providers. */
  fillSql: string;
}

export function readPastRelease(name: string): PastRelease {
  const dir = join(__dirname, '../fixtures/releases', name);
  const { tables, migrations } = JSON.parse(readFileSync(join(dir, 'migrations.json'), 'utf8')) as Omit<PastRelease, 'name' | 'fillSql'>;
  return { name, tables, migrations, fillSql: readFileSync(join(dir, 'fill.sql'), 'utf8') };
}

/**
 * Builds an empty test database as the release left it: exactly the migrations it
 * shipped, applied by Prisma's schema engine as the API applies them, then its rows.
 */
export async function installPastRelease(release: PastRelease, database: TestDatabase): Promise<void> {
  const target = parseDatabaseUrl(database.url);
  const shipped = release.migrations[target.provider];
  const committed = readMigrationList(target.provider);
  const migrationDirectories = committed.migrationDirectories.filter((migration) => migration.path in shipped);
  const changed = Object.entries(shipped).filter(([name, checksum]) => {
    const file = migrationDirectories.find((migration) => migration.path === name)?.migrationFile.content;
    return file?.tag !== 'ok' || createHash('sha256').update(file.value).digest('hex') !== checksum;
  });
  if (changed.length > 0) {
    throw new Error(
      `Release ${release.name} shipped migrations that prisma/${target.provider}/migrations no longer holds as they were: ` +
        `${changed.map(([name]) => name).join(', ')}. A released migration is never edited, renamed or removed: add a new one.`,
    );
  }
  await withSchemaEngine(dialectFor(target).adapterFactory({ poolSize: 1 }), readSchemaFiles(target.provider), (engine) =>
    engine.applyMigrations({ migrationsList: { ...committed, migrationDirectories }, filters: NO_SCHEMA_FILTER }),
  );
  await executeScript(database, release.fillSql);
}

export type Row = Record<string, unknown>;

/** Every row of the release's tables as the database holds them now, each table in the order of its identifying columns. */
export async function readReleaseRows(release: PastRelease, database: TestDatabase): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  for (const [table, key] of Object.entries(release.tables)) {
    tables[table] = await queryRows<Row>(database, `SELECT * FROM "${table}" ORDER BY ${key.map((column) => `"${column}"`).join(', ')}`);
  }
  return tables;
}

