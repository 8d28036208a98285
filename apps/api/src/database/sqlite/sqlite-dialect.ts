import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Logger } from '@nestjs/common';
import { PrismaClient } from '../../generated/sqlite/client';
import type { DatabaseDialect, JobQueueOptions, RowReader, SearchPurpose, SearchTarget } from '../database-dialect';
import type { SqliteTarget } from '../database-url';
import type { LeadDeskPrismaClient } from '../prisma-client';
import { raw, sql, type Sql } from '../sql';
import { InProcessNotifications } from './in-process-notifications';
import { SqliteAggregateReader } from './sqlite-aggregate-reader';
import { SecureDeleteSqliteAdapter } from './secure-delete-adapter';
import { SqliteCsvExport } from './sqlite-csv-export';
import { SqliteJobQueue } from './sqlite-job-queue';
import { SqliteReader } from './sqlite-reader';
import { SqliteSearch } from './sqlite-search';
import { truncateWriteAheadLog } from './write-ahead-log';

/** SQLite: one file, one writer at a time, one API process. */
export class SqliteDialect implements DatabaseDialect {
  readonly name = 'sqlite';
  readonly parallelWriters = 1;
  private readonly logger = new Logger(SqliteDialect.name);
  private readonly search = new SqliteSearch();

  constructor(private readonly target: SqliteTarget) {}

  async ensureExists(): Promise<void> {
    if (this.target.filename !== ':memory:') mkdirSync(dirname(this.target.filename), { recursive: true });
  }

  /** One API process per file: no other instance to wait for. */
  whileAloneAtStartUp<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** The jobs table, with its leases, is one of the migrations. */
  async setUpJobQueue(): Promise<void> {}

  adapterFactory(): SecureDeleteSqliteAdapter {
    // Writers wait for each other instead of failing with SQLITE_BUSY.
    return new SecureDeleteSqliteAdapter({ url: this.target.filename, timeout: 10_000 });
  }

  createClient(): LeadDeskPrismaClient {
    return new PrismaClient({ adapter: this.adapterFactory() });
  }

  async prepare(client: LeadDeskPrismaClient): Promise<void> {
    // WAL lets readers (lists, exports) run while the webhook writes.
    await client.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  }

  /** Called once the deletions have committed: a failure here is logged, the deletions stand. */
  async forgetDeletedRows(): Promise<void> {
    const { filename } = this.target;
    if (filename === ':memory:') return;
    try {
      if (await truncateWriteAheadLog(filename)) return;
      this.logger.error({ filename }, 'Other connections held the write-ahead log for 30 s: it keeps copies of deleted rows until it is next truncated');
    } catch (error) {
      this.logger.error({ err: error, filename }, 'Truncating the write-ahead log failed: it keeps copies of deleted rows until it is next truncated');
    }
  }

  openReader(): SqliteReader {
    return new SqliteReader(this.target.filename);
  }

  openAggregateReader(): SqliteAggregateReader {
    return new SqliteAggregateReader(this.target.filename);
  }

  /** A worker thread of their own, beside the reports': a recount is a request's, so it keeps the API thread's priority. */
  openCountReader(): SqliteAggregateReader {
    return new SqliteAggregateReader(this.target.filename, { yieldToRequests: false });
  }

  /** Never reached: DATABASE_READ_URL is refused at start-up with SQLite (read-replica-url.ts). */
  openReadReplica(): never {
    throw new Error('SQLite has no read replica: DATABASE_READ_URL needs DATABASE_URL on PostgreSQL');
  }

  openCsvExport(): SqliteCsvExport {
    return new SqliteCsvExport(this.target.filename);
  }

  openNotifications(): InProcessNotifications {
    return new InProcessNotifications();
  }

  openJobQueue(client: LeadDeskPrismaClient, options: JobQueueOptions): SqliteJobQueue {
    return new SqliteJobQueue(client, options);
  }

  /** SQLite types a VALUES list's cells by their values. */
  typed(value: unknown): Sql {
    return sql`${value}`;
  }

  /** SQLite's own percentile_cont(Y, P) (the percentile functions, built into the SQLite that better-sqlite3 ships). */
  percentile(value: Sql, fraction: number): Sql {
    return sql`percentile_cont(${value}, ${raw(String(fraction))})`;
  }

  /** The read connection's data_version: it writes nothing, so any commit by another connection moves it. */
  tableVersion(): Sql {
    return sql`SELECT CAST(data_version AS TEXT) AS version, NULL AS position FROM pragma_data_version`;
  }

  searchCondition(targets: readonly SearchTarget[], purpose: SearchPurpose, reader: RowReader): Promise<Sql> {
    return this.search.condition(targets, purpose, reader);
  }

  /** SQLite runs one write transaction at a time: there is nothing to lock. */
  async lock(): Promise<void> {}

  /** Nor rows to lock: no other write runs until the transaction ends. */
  async lockRows(): Promise<void> {}
}
