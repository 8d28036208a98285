import type { Readable } from 'node:stream';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DatabaseProvider } from './database-url';
import type { LeadDeskPrismaClient, RawQueries, TransactionClient } from './prisma-client';
import type { Sql } from './sql';

/**
 * Everything that differs between SQLite and PostgreSQL, in one implementation per
 * database, chosen once from DATABASE_URL (`dialectFor`). Repositories write their
 * queries once and ask the dialect for the pieces that differ; `Database` opens the
 * connections through it and owns them.
 */
export interface DatabaseDialect {
  /** 'sqlite' or 'postgresql': how /api/health and the start-up log name the database. */
  readonly name: DatabaseProvider;
  /** Write transactions worth running at once: SQLite commits one at a time, whatever the app does. */
  readonly parallelWriters: number;

  /** Makes sure there is a database to migrate: SQLite's folder, PostgreSQL's schema. */
  ensureExists(): Promise<void>;
  /**
   * Runs the start-up work that must run once (migrations, the job queue's set-up) while no other
   * instance on this database runs it; one that finds another at it waits, says so, then finds it done.
   * SQLite's file belongs to one process: nothing to wait for.
   */
  whileAloneAtStartUp<T>(work: () => Promise<T>): Promise<T>;
  /** Creates or upgrades what the job queue keeps outside the migrations (PostgreSQL: pg-boss's schema and queue). */
  setUpJobQueue(): Promise<void>;
  /** Prisma's driver adapter (no engine binary), for the client and for migrations. */
  adapterFactory(options?: { poolSize?: number; onPoolError?: (error: Error) => void }): SqlMigrationAwareDriverAdapterFactory;
  createClient(poolSize: number): LeadDeskPrismaClient;
  /** Settings the app's connections need before the first request (SQLite: WAL, so reads run beside writes). */
  prepare(client: LeadDeskPrismaClient): Promise<void>;
  /**
   * Leaves no copy of rows deleted so far where the database's files can be read (an erasure):
   * SQLite truncates its write-ahead log, whose older page images still hold them. PostgreSQL
   * has nothing to do: a deleted row is gone from every query once its transaction commits.
   */
  forgetDeletedRows(): Promise<void>;
  openReader(): RowReader;
  /**
   * Where long aggregations (reports over many rows) run, apart from the hot reads: SQLite in a
   * worker thread (its driver is synchronous and would stall the API), PostgreSQL on a small pool of its own.
   */
  openAggregateReader(): RowReader;
  /**
   * Where the kept counts (the list's total, the board's, the stats, tags' and sources' counts) are
   * counted, again after each write to the leads: a count takes 10-300 ms at a million leads, and
   * under writes one recount follows another. SQLite: a worker thread (its driver is synchronous:
   * on the API's thread the recounts held up every request and write); PostgreSQL: `reader`.
   */
  openCountReader(reader: RowReader): RowReader;
  openCsvExport(): CsvExport;
  /** The read side on this dialect's target as a replica of the primary (DATABASE_READ_URL): PostgreSQL's streaming standby; SQLite has none. */
  openReadReplica(): ReadReplica;
  /** Announcements between the app's processes; `listenUrl` (DATABASE_LISTEN_URL, else DATABASE_DIRECT_URL) is where PostgreSQL's LISTEN connection goes when it must bypass a pooler. */
  openNotifications(client: LeadDeskPrismaClient, listenUrl?: string): Notifications;
  /** Dispatches background jobs' batches (PostgreSQL: pg-boss in a schema of its own; SQLite: a lease on the jobs table). */
  openJobQueue(client: LeadDeskPrismaClient, options: JobQueueOptions): JobQueue;

  /** A parameter with its type, where the database cannot infer one (inside a VALUES list). */
  typed(value: unknown, type: ColumnType): Sql;
  /**
   * A query of one row, `version` (text), that changes whenever `table` may have changed, and `position` (text, or null
   * without replication): where the primary's writes had reached, which a replica's reads wait for (`ReadReplica.hasReplayed`).
   * `leads_membership`: whenever which leads exist, are qualified or archived may have changed (PostgreSQL keeps a
   * counter for it; SQLite's data_version moves with every commit, which covers it too).
   */
  tableVersion(table: string): Sql;
  /** The aggregate of `value` at `fraction` (0 to 1), interpolated between neighbours as SQL's percentile_cont; nulls ignored. */
  percentile(value: Sql, fraction: number): Sql;
  /** A condition selecting the rows that any of the targets finds (its columns contain its term, case-insensitively), served by indexes. */
  searchCondition(targets: readonly SearchTarget[], purpose: SearchPurpose, reader: RowReader): Promise<Sql>;
  /** Holds a lock per key until the transaction `db` ends; keys are strings of the caller's choosing. */
  lock(keys: string[], db: RawQueries): Promise<void>;
  /**
   * Locks these rows of `table` as a delete would until the transaction `db` ends: a write that
   * names one of them (a child row's foreign key) waits, then finds it gone or changed.
   */
  lockRows(table: string, ids: string[], db: RawQueries): Promise<void>;
}

/** The column types a `typed` parameter can have. */
export type ColumnType = 'text' | 'boolean' | 'float' | 'integer' | 'time';

/** A case-insensitive substring search over text columns, and the index each database keeps for it. */
export interface TextSearch {
  columns: readonly string[];
  /** SQLite's FTS5 table over those columns (PostgreSQL keeps pg_trgm indexes on the columns themselves). */
  ftsTable: string;
  /**
   * What SQLite's FTS5 table holds: the columns' trigrams (a term is found as the phrase of its
   * trigrams), or, for phone numbers, each number's digit 5-grams and its last four and three
   * digits as words (a term is found by its last five digits, or as a prefix when it has fewer).
   */
  ftsTokens: 'trigrams' | 'digit grams';
}

/**
 * A term to find in a TextSearch's columns, case-insensitively. `indexed`, when given, is the
 * part of the term its index is asked for (the rest would make the lookup slow: a country
 * code is in nearly every phone number); each row the index finds is then held to the whole term.
 */
export interface SearchTarget {
  search: TextSearch;
  term: string;
  indexed?: string;
}

/** A page stops at its limit, so a common term may be served differently from a count, which reads every match. */
export type SearchPurpose = 'page' | 'count';

/** The hot reads, straight through the driver (no objects in between). */
export interface RowReader {
  /** The query's rows, booleans as booleans, times as UtcTimeText, counts as numbers. */
  rows<T>(query: Sql): Promise<T[]>;
  close(): Promise<void>;
}

/** The read side's connections on a replica of the primary, which may lag it (DATABASE_READ_URL). */
export interface ReadReplica {
  readonly reader: RowReader;
  readonly aggregates: RowReader;
  readonly csvExport: CsvExport;
  /** Stops the start if its sessions would not read the primary's schema (a pooler's sessions without it). */
  checkSessions(): Promise<void>;
  /** Whether it replays another database's writes (a replica named by mistake as the primary, or promoted, is not one). */
  isStandby(): Promise<boolean>;
  /** Whether every write the primary had made at `position` (`tableVersion`'s) is visible here. */
  hasReplayed(position: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How a CSV cell is made from a row: written as `CsvFormat.record` writes the value the API's
 * JSON holds. A column may also be an expression of the row, such as a scalar subquery.
 */
export type CsvCellSource =
  | { kind: 'text'; column: string }
  | { kind: 'boolean'; column: string }
  | { kind: 'time'; column: string }
  | { kind: 'number or text'; number: string; text: string }
  /** A JSON array of text, as one text cell of its items (`CsvFormat.list`). */
  | { kind: 'text list'; column: string };

export type CsvValue = string | number | boolean | null;

/** The CSV a query is written as: the writer's records, its formula escape and its lists (which the databases repeat in SQL). */
export interface CsvFormat {
  record(cells: readonly CsvValue[]): string;
  formulaQuote: string;
  formulaStarts: readonly string[];
  /** A list's items in order, `separator` between them; an item holding one of `quotedWhenHolding` in double quotes, its quotes doubled. */
  list: { separator: string; quotedWhenHolding: readonly string[] };
}

export interface CsvQuery {
  columns: readonly { header: string; cell: CsvCellSource }[];
  table: string;
  where: Sql[];
  /** The ORDER BY list, as SQL the code spells (no values). */
  orderBy: string;
  format: CsvFormat;
}

/** Whole tables as CSV, streamed with backpressure: header first, memory flat. */
export interface CsvExport {
  stream(query: CsvQuery): Promise<Readable>;
  close(): Promise<void>;
}

/** Short text messages to every process of the app (PostgreSQL's NOTIFY), or within this one (SQLite). */
export interface Notifications {
  /** Sends after the changes they announce have committed. */
  publish(channel: string, payloads: string[]): Promise<void>;
  /** Hears a channel from now on; payloads published together arrive together. */
  listen(channel: string, onPayloads: (payloads: string[]) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** What a job's step did: applied a batch with more to come, or found the job finished. */
export type JobStepOutcome = 'more' | 'done';

export interface JobQueueOptions {
  /** A step (one batch) of a process that died is taken over after this long. */
  leaseSeconds: number;
}

/**
 * Hands background jobs to the app's processes: each job to one process at a time, its
 * steps one after the other, and a job whose process died to a live one. The batches
 * themselves are made once-only by the job runner (a lock and a cursor in one transaction).
 */
export interface JobQueue {
  /** Schedules a new job, inside the transaction that makes it: a committed job is always scheduled. */
  schedule(jobId: string, db: TransactionClient): Promise<void>;
  /** From now on, runs jobs' steps in this process. */
  start(worker: JobWorker): Promise<void>;
  /** Takes no more steps; resolves once the step in progress has committed. */
  stop(): Promise<void>;
}

/** What the queue runs: a job's next step, and what to do once a job's step kept failing. */
export interface JobWorker {
  runStep(jobId: string): Promise<JobStepOutcome>;
  /** The step failed every time it was tried: the job is given up, with the last error. */
  giveUp(jobId: string, error: unknown): Promise<void>;
}
