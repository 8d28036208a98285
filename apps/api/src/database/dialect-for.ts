import type { DatabaseDialect } from './database-dialect';
import type { DatabaseTarget } from './database-url';
import { PostgresDialect } from './postgresql/postgres-dialect';
import { SqliteDialect } from './sqlite/sqlite-dialect';

/** The one place that tells the databases apart: everything else asks the dialect. */
export function dialectFor(target: DatabaseTarget): DatabaseDialect {
  return target.provider === 'sqlite' ? new SqliteDialect(target) : new PostgresDialect(target);
}
