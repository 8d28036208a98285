import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseProvider } from '../database-url';
import { PRISMA_DIR } from './prisma-folder';

/**
 * What triggers keep on a table is lost when a migration re-creates it (SQLite re-creates a table
 * to change most columns, and dropping it drops its triggers): such a migration runs these
 * idempotent scripts of prisma/<provider>/ again, which rebuild what they keep.
 */
const TRIGGER_SCRIPTS = [
  { tables: ['leads'], script: 'search-index.sql' },
  { tables: ['leads', 'lead_response_times'], script: 'response-time-figures.sql' },
];

export function withTriggerScripts(provider: DatabaseProvider, sql: string): string {
  const recreates = (table: string) => new RegExp(`CREATE TABLE "(new_)?${table}"`).test(sql);
  const scripts = TRIGGER_SCRIPTS.filter(({ tables }) => tables.some(recreates));
  return [sql, ...scripts.map(({ script }) => readFileSync(join(PRISMA_DIR, provider, script), 'utf8'))].join('\n');
}
