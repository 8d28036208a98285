import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DatabaseProvider } from '../../src/database/database-url';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  provider: DatabaseProvider;
  url: string;
  drop(): Promise<void>;
}

/**
 * SQLite files live in memory-backed /dev/shm where there is one: each commit's fsync costs
 * milliseconds on a disk and blocks the event loop, and the tests are about behaviour, not
 * durability on power loss (the crash-safety stress test keeps its files on disk).
 */
const SQLITE_DIR = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** A database of its own for one test file: a fresh SQLite file, or a fresh PostgreSQL schema. */
export async function createTestDatabase(provider: DatabaseProvider, sqliteDir = SQLITE_DIR): Promise<TestDatabase> {
  if (provider === 'sqlite') {
    const dir = mkdtempSync(join(sqliteDir, 'lead-desk-test-'));
    return { provider, url: `file:${join(dir, 'leads.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `lead_desk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withPostgres((client) => client.query(`CREATE SCHEMA "${schema}"`));
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('schema', schema);
  return {
    provider,
    url: url.toString(),
    // The job queue's schema (pg-boss) goes with it.
    drop: () => withPostgres((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`)).then(() => undefined),
  };
}

async function withPostgres<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL tests need a server: ${TEST_POSTGRES_URL} could not be reached (${String(error)}). ` +
        'Start PostgreSQL or point TEST_POSTGRES_URL at one, e.g. TEST_POSTGRES_URL=postgresql://user@host:5432/db',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const PROVIDERS: DatabaseProvider[] = ['sqlite', 'postgresql'];
