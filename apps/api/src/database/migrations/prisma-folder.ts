import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import type { DatabaseProvider } from '../database-url';

/** The repository's prisma/ folder; same depth from src/ and dist/. */
export const PRISMA_DIR = process.env.PRISMA_DIR ?? join(__dirname, '../../../../../prisma');

export const migrationsDir = (provider: DatabaseProvider) => join(PRISMA_DIR, provider, 'migrations');

const LOCKFILE = 'migration_lock.toml';

/** The migrations committed for a provider, in Prisma's standard folder layout. */
export function readMigrationList(provider: DatabaseProvider): MigrationList {
  const baseDir = migrationsDir(provider);
  const lockfilePath = join(baseDir, LOCKFILE);
  const migrationDirectories = readdirSync(baseDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: readFileSync(join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    }));
  return {
    baseDir,
    lockfile: {
      path: LOCKFILE,
      content: existsSync(lockfilePath) ? readFileSync(lockfilePath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/** Every .prisma file of a provider's schema (its datasource plus the shared models). */
export function readSchemaFiles(provider: DatabaseProvider, modelsDir = join(PRISMA_DIR, 'models')) {
  const schemaDir = join(PRISMA_DIR, provider, 'schema');
  const datasource = join(schemaDir, 'datasource.prisma');
  const models = readdirSync(modelsDir)
    .filter((file) => file.endsWith('.prisma'))
    .sort()
    .map((file) => join(modelsDir, file));
  return [datasource, ...models].map((path) => ({
    path: relative(PRISMA_DIR, path),
    content: readFileSync(path, 'utf8'),
  }));
}
