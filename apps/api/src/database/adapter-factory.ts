import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import type { DatabaseTarget } from './database-url';

export type AdapterFactory = PrismaBetterSqlite3 | PrismaPg;

export interface AdapterOptions {
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  onPoolError?: (error: Error) => void;
}

/** The Prisma driver adapter for a database target (no engine binary involved). */
export function createAdapterFactory(target: DatabaseTarget, options: AdapterOptions = {}): AdapterFactory {
  if (target.provider === 'sqlite') {
    if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
    // Writers wait for each other instead of failing with SQLITE_BUSY.
    return new PrismaBetterSqlite3({ url: target.filename, timeout: 10_000 });
  }
  return new PrismaPg(postgresPoolConfig(target, options.poolSize ?? 10), { schema: target.schema, onPoolError: options.onPoolError });
}

/** A pg pool's settings for the target's database and schema. */
export function postgresPoolConfig(target: Extract<DatabaseTarget, { provider: 'postgresql' }>, size: number): PoolConfig {
  return {
    connectionString: target.connectionString,
    max: size,
    connectionTimeoutMillis: 5_000,
    // public stays on the path: the pg_trgm operator classes live there.
    options: `-c search_path="${target.schema}",public`,
  };
}
