import { Logger } from '@nestjs/common';
import { constants, setPriority } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RowReader } from '../database-dialect';
import type { Sql } from '../sql';
import type { AggregateWorkerReply, AggregateWorkerRequest } from './sqlite-aggregate-worker';
import { sqliteParameter } from './sqlite-parameter';

/** The worker's script beside this one: compiled JavaScript, or TypeScript where the API runs from source (tests, `pnpm dev`). */
const WORKER_SCRIPT = join(__dirname, `sqlite-aggregate-worker${extname(__filename)}`);

/** An idle thread ends after this long: it holds some 8 MB of memory, and an idle API asks for no report. */
const IDLE_MS = 60_000;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * Long aggregations on SQLite (a report over a year of leads takes seconds) in a worker thread
 * with a read-only connection of its own: better-sqlite3 is synchronous, so on the API's
 * thread such a query would hold up every other request until it ends. WAL lets the worker
 * read beside the app's writes; it sees committed data only, as the read side does. Queries
 * run one after the other, in the order they are asked; rows come back as the read side gives
 * them (booleans, UtcTimeText, numbers). The thread starts at the first query, holds the
 * process open only while a query is under way, and ends once idle for IDLE_MS. On Linux it
 * runs below the API thread's priority: where the cores are busy, requests come before reports.
 */
export class SqliteAggregateReader implements RowReader {
  private readonly logger = new Logger(SqliteAggregateReader.name);
  private worker?: Worker;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private idleTimer?: NodeJS.Timeout;

  /**
   * `yieldToRequests: false` for queries that requests wait for (the kept counts): they run at the
   * API thread's priority, only off its event loop.
   */
  constructor(
    private readonly filename: string,
    private readonly options: { yieldToRequests: boolean } = { yieldToRequests: true },
  ) {}

  rows<T>(query: Sql): Promise<T[]> {
    const worker = this.started();
    const id = ++this.lastId;
    return new Promise<T[]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.ref();
      worker.postMessage({ id, sql: query.sql, values: query.values.map(sqliteParameter) } satisfies AggregateWorkerRequest);
    });
  }

  /**
   * Keeps the worker thread busy, as a long aggregation does, until the returned function is
   * called; the queries asked meanwhile wait for it. Lets a test show that the API answers
   * other requests while an aggregation runs, without timing anything.
   */
  hold(): () => void {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    this.started().postMessage({ holdUntil: flag } satisfies AggregateWorkerRequest);
    return () => {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    };
  }

  /** Turns away the queries under way; the thread ends once the statement it runs returns (SQLite's own work cannot be cut short from here). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('The database is closing: the aggregation was not finished'));
    await worker?.terminate();
  }

  private started(): Worker {
    clearTimeout(this.idleTimer);
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: { filename: this.filename },
      // Not the API's own options (--watch, --inspect…); TypeScript is compiled as the API's own source is.
      execArgv: extname(WORKER_SCRIPT) === '.ts' ? ['--require', require.resolve('@swc-node/register')] : [],
    });
    worker.on('message', (reply: AggregateWorkerReply) => this.answer(worker, reply));
    // A thread that failed or ended takes its queries with it; the next query starts another.
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`The aggregation worker thread exited (code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer(worker: Worker, reply: AggregateWorkerReply): void {
    if ('osThreadId' in reply) {
      if (reply.osThreadId !== null && this.options.yieldToRequests) this.yieldToRequests(reply.osThreadId);
      return;
    }
    const pending = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (this.pending.size === 0) {
      worker.unref();
      this.idleTimer = setTimeout(() => this.ended(worker), IDLE_MS).unref();
    }
    if (!pending) return;
    if ('rows' in reply) pending.resolve(reply.rows);
    else pending.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  }

  private yieldToRequests(osThreadId: number): void {
    try {
      setPriority(osThreadId, constants.priority.PRIORITY_BELOW_NORMAL);
    } catch (error) {
      this.logger.warn({ err: error, osThreadId }, 'The aggregation thread runs at the API thread’s priority: lowering it was refused');
    }
  }

  /** Ends an idle thread; the next query starts another. */
  private ended(worker: Worker): void {
    if (this.worker !== worker || this.pending.size > 0) return;
    this.worker = undefined;
    void worker.terminate();
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(error);
  }
}
