import Database from 'better-sqlite3';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../src/database/database-url';
import type { TestDatabase } from './test-database';

/**
 * Reads rows straight from a test database, without the API: for checking what a
 * process that was killed, or is still running elsewhere, actually stored.
 */
export async function queryRows<T>(database: TestDatabase, sql: string): Promise<T[]> {
  const target = parseDatabaseUrl(database.url);
  if (target.provider === 'sqlite') {
    const db = new Database(target.filename, { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: target.connectionString, options: `-c search_path="${target.schema}"` });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}
