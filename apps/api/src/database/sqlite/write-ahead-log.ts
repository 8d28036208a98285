import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';

/** A reader in the middle of a snapshot (a CSV export streaming) holds the log: try again this often, this many times. */
const RETRY_MS = 100;
const ATTEMPTS = 300;

/**
 * Writes every page of the write-ahead log into the database file and truncates the log to
 * nothing (`wal_checkpoint(TRUNCATE)`): the log's older page images are copies of rows deleted
 * since. Through a connection of its own that never waits inside SQLite (busy timeout 0): a
 * wait there blocks the event loop, and with it the readers of this process it waits for.
 * False when readers or a writer held the log for the whole ~30 s.
 */
export async function truncateWriteAheadLog(filename: string): Promise<boolean> {
  const connection = new Database(filename, { fileMustExist: true, timeout: 0 });
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      if (checkpointed(connection)) return true;
      await sleep(RETRY_MS);
    }
    return false;
  } finally {
    connection.close();
  }
}

/** Whether the whole log went into the file and was truncated; false while another connection holds it. */
function checkpointed(connection: Database.Database): boolean {
  try {
    const [result] = connection.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result.busy === 0;
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY') return false;
    throw error;
  }
}
