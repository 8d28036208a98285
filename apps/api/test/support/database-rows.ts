import Database from 'better-sqlite3';
import { Client, types, type CustomTypesConfig } from 'pg';
import { parseDatabaseUrl } from '../../src/database/database-url';
import type { TestDatabase } from './test-database';

/**
 * Reads rows straight from a test database, without the API: for checking what a
 * process that was killed, or is still running elsewhere, actually stored.
 */
export function queryRows<T>(database: TestDatabase, sql: string): Promise<T[]> {
  return withDriver(database, { readonly: true }, {
    sqlite: (db) => db.prepare(sql).all() as T[],
    postgresql: async (client) => (await client.query(sql)).rows as T[],
  });
}

/**
 * Runs several statements straight through the driver, e.g. to fill a database as an older
 * release left it. SQLite is given PostgreSQL's decode(text, 'hex'), so one script writes
 * bytes (a BLOB, a bytea) on both.
 */
export function executeScript(database: TestDatabase, script: string): Promise<void> {
  return withDriver(database, { readonly: false }, {
    sqlite: (db) => {
      db.function('decode', decodeHex);
      db.exec(script);
    },
    // The simple query protocol: the whole script in one round trip, semicolons in strings intact.
    postgresql: async (client) => void (await client.query(script)),
  });
}

/** Prisma keeps UTC in PostgreSQL's timestamp without time zone: read as UTC, not in the process's time zone. */
const UTC_TIMESTAMPS: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.TIMESTAMP ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`) : types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};

async function withDriver<T>(
  database: TestDatabase,
  { readonly }: { readonly: boolean },
  work: { sqlite(db: Database.Database): T; postgresql(client: Client): Promise<T> },
): Promise<T> {
  const target = parseDatabaseUrl(database.url);
  if (target.provider === 'sqlite') {
    const db = new Database(target.filename, { readonly });
    try {
      return work.sqlite(db);
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: target.connectionString, options: `-c search_path="${target.schema}"`, types: UTC_TIMESTAMPS });
  await client.connect();
  try {
    return await work.postgresql(client);
  } finally {
    await client.end();
  }
}

function decodeHex(text: string, format: string): Buffer {
  if (format !== 'hex') throw new Error(`decode(text, '${format}') is not given to SQLite: only 'hex'`);
  return Buffer.from(text, 'hex');
}
