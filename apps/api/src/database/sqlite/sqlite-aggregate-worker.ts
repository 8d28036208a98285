// The worker thread of SqliteAggregateReader: runs its queries on a read-only connection of
// its own, one after the other, while the API's event loop goes on answering requests.
import Database, { type Statement } from 'better-sqlite3';
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { rowConverter } from './sqlite-rows';

/** What the reader asks: a query's rows, or (holdUntil) to stay busy until that flag is set to 1. */
export type AggregateWorkerRequest = { id: number; sql: string; values: unknown[] } | { holdUntil: Int32Array };

/** A query's rows or error; first of all, the thread's own id in the operating system (Linux only, else null). */
export type AggregateWorkerReply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } } | { osThreadId: number | null };

/** Prepared statements kept: a report is a few query shapes per grouping. */
const STATEMENTS_KEPT = 50;

const { filename } = workerData as { filename: string };
let connection: Database.Database | undefined;
const statements = new Map<string, { statement: Statement; convert: (rows: unknown[]) => void }>();

function prepared(sql: string) {
  let found = statements.get(sql);
  if (!found) {
    connection ??= new Database(filename, { readonly: true, fileMustExist: true });
    const statement = connection.prepare(sql);
    found = { statement, convert: rowConverter(statement) };
    if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
    statements.set(sql, found);
  }
  return found;
}

// Linux schedules each thread apart (/proc/thread-self is this one: "<pid>/task/<tid>"): the reader lowers its priority by this id.
parentPort!.postMessage({ osThreadId: process.platform === 'linux' ? Number(readlinkSync('/proc/thread-self').split('/').at(-1)) : null } satisfies AggregateWorkerReply);

parentPort!.on('message', (request: AggregateWorkerRequest) => {
  if ('holdUntil' in request) {
    // Blocks this thread as a long query does; the queries sent meanwhile wait their turn.
    Atomics.wait(request.holdUntil, 0, 0);
    return;
  }
  let reply: AggregateWorkerReply;
  try {
    const { statement, convert } = prepared(request.sql);
    const rows = statement.all(...request.values);
    convert(rows);
    reply = { id: request.id, rows };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    reply = { id: request.id, error: { message: message ?? String(error), code } };
  }
  parentPort!.postMessage(reply);
});
