import { existsSync, readFileSync, statSync } from 'node:fs';
import { parseDatabaseUrl } from '../../src/database/database-url';
import { queryRows } from './database-rows';
import type { TestDatabase } from './test-database';

export interface StoredCopy {
  /** A file (SQLite: the database, its write-ahead log, its shared-memory index) or a table (PostgreSQL). */
  where: string;
  term: string;
}

/** The files SQLite keeps for a database: what a copy of the disk would hold. */
function sqliteFiles(database: TestDatabase): string[] {
  const target = parseDatabaseUrl(database.url);
  if (target.provider !== 'sqlite') throw new Error('Only a SQLite database has files of its own');
  return [target.filename, `${target.filename}-wal`, `${target.filename}-shm`];
}

/** Bytes of each of SQLite's files, as db, wal and shm (0 for one that is not there). */
export function sqliteFileBytes(database: TestDatabase): Record<string, number> {
  const [db, wal, shm] = sqliteFiles(database).map((file) => (existsSync(file) ? statSync(file).size : 0));
  return { db, wal, shm };
}

/**
 * Where `terms` can still be read, case-insensitively: in SQLite's raw files, byte for byte
 * (a deleted row's bytes stay in a page's free space, in freed pages and in the write-ahead
 * log unless overwritten); in PostgreSQL, in any row of any table of the app's schema and its
 * job queue's, read as text (a bytea column as its hex, so a stored file is searched too).
 */
export async function storedCopies(database: TestDatabase, terms: string[]): Promise<StoredCopy[]> {
  if (database.provider === 'sqlite') {
    return sqliteFiles(database).flatMap((file) => {
      if (!existsSync(file)) return [];
      const bytes = readFileSync(file).toString('latin1').toLowerCase();
      return terms.filter((term) => bytes.includes(Buffer.from(term.toLowerCase()).toString('latin1'))).map((term) => ({ where: file.replace(/^.*\//, ''), term }));
    });
  }
  const { schema } = parseDatabaseUrl(database.url) as { schema: string };
  const tables = await queryRows<{ name: string }>(
    database,
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_schema IN ('${schema}', '${schema}_jobs') AND table_type = 'BASE TABLE'`,
  );
  if (tables.length < 10) throw new Error(`The catalog listed only ${tables.length} tables: the search would prove nothing`);
  const copies: StoredCopy[] = [];
  for (const { name } of tables) {
    const rows = (await queryRows<{ row: string }>(database, `SELECT t::text AS row FROM ${name} t`)).map(({ row }) => row.toLowerCase());
    for (const term of terms) {
      const forms = [term.toLowerCase(), ...[term, term.toLowerCase()].map((form) => Buffer.from(form).toString('hex'))];
      if (rows.some((row) => forms.some((form) => row.includes(form)))) copies.push({ where: name, term });
    }
  }
  return copies;
}
