import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CsvExport, CsvQuery, DatabaseDialect, JobQueue, JobQueueOptions, Notifications, ReadReplica, RowReader, SearchPurpose, SearchTarget } from './database-dialect';
import { DATABASE_TARGET, type DatabaseTarget, type PostgresTarget } from './database-url';
import { dialectFor } from './dialect-for';
import type { LeadDeskPrismaClient, RawQueries, TransactionClient } from './prisma-client';
import { DATABASE_READ_TARGET } from './read-replica-url';
import type { Sql } from './sql';

/**
 * How long a cached read waits for the replica to replay up to the version it is computed for, before
 * the primary answers instead: a streaming standby on the same network replays within milliseconds.
 */
const REPLAY_WAIT_MS = 500;
const REPLAY_POLL_MS = 20;

/** Where a read goes: the primary sees every committed write; the replica (DATABASE_READ_URL) may lag it. */
export type ReadFrom = 'primary' | 'replica';

/** A version of a table, read on the primary, and reads that see at least the data it names (`Database.versionedReads`). */
export interface VersionedReads {
  version: string;
  rows<T>(query: Sql): Promise<T[]>;
}

/**
 * The app's database: the one owner of every connection it holds (Prisma's client and
 * its pool, the read side, the aggregations' and the counts' readers, the CSV export's connections, the
 * notification listener, and the read replica's when DATABASE_READ_URL names one), opened
 * through the dialect and closed together at shutdown. Repositories query through it and
 * never learn which database it is; they say only whether a read may lag (`ReadFrom`).
 */
@Injectable()
export class Database implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(Database.name);
  readonly dialect: DatabaseDialect;
  /** Writes, and the reads that want Prisma's models. */
  readonly client: LeadDeskPrismaClient;
  private readonly reader: RowReader;
  private readonly aggregates: RowReader;
  /** The kept counts' reads: the read side on PostgreSQL, a worker thread of their own on SQLite. */
  private readonly counter: RowReader;
  private readonly csvExport: CsvExport;
  private readonly notifications: Notifications;
  /** The read side on DATABASE_READ_URL's replica; null without one (every read on the primary). */
  private readonly replica: ReadReplica | null;

  constructor(
    @Inject(DATABASE_TARGET) target: DatabaseTarget,
    @Inject(DATABASE_READ_TARGET) readTarget: PostgresTarget | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.dialect = dialectFor(target);
    this.client = this.dialect.createClient(config.DATABASE_POOL_SIZE);
    this.reader = this.dialect.openReader();
    this.aggregates = this.dialect.openAggregateReader();
    this.counter = this.dialect.openCountReader(this.reader);
    this.csvExport = this.dialect.openCsvExport();
    this.notifications = this.dialect.openNotifications(this.client, config.DATABASE_LISTEN_URL ?? config.DATABASE_DIRECT_URL);
    this.replica = readTarget ? dialectFor(readTarget).openReadReplica() : null;
  }

  /**
   * The hot reads (pages, counts, aggregates) straight through the driver, outside the
   * ORM: Prisma's raw queries spent more time turning a page's 50 rows into objects than
   * the database spent finding them. Rows come as the domain reads them (booleans,
   * UtcTimeText, numbers) and see committed data only. `from: 'replica'` (the list's pages)
   * reads the replica when there is one, which may not have replayed the latest writes yet.
   */
  rows<T>(query: Sql, from: ReadFrom = 'primary'): Promise<T[]> {
    return this.readerFor(from).rows<T>(query);
  }

  /**
   * Long aggregations (a report over a month or a year of leads), rows as `rows` gives them, on
   * connections of their own and never on the API's event loop (SQLite: a worker thread): the
   * hot reads and every other request go on while one runs. Each query sees committed data, on
   * the replica when there is one: a report is a figure of the past, a replay lag old at most.
   */
  aggregateRows<T>(query: Sql): Promise<T[]> {
    return (this.replica?.aggregates ?? this.aggregates).rows<T>(query);
  }

  /**
   * The version of `table` (as `tableVersion`), and reads that see at least the data it names:
   * on the replica once it has replayed the primary's writes up to that version, on the primary
   * (the counts' reader) if it has not within REPLAY_WAIT_MS. A result cached under the version is
   * then never older than the version says, wherever it was computed.
   */
  async versionedReads(table: string): Promise<VersionedReads> {
    const [{ version, position }] = await this.reader.rows<{ version: string; position: string | null }>(this.dialect.tableVersion(table));
    return {
      version,
      rows: async <T>(query: Sql) => ((await this.sideAt(position)) === 'replica' ? this.replica!.reader : this.counter).rows<T>(query),
    };
  }

  private readerFor(from: ReadFrom): RowReader {
    return from === 'replica' && this.replica ? this.replica.reader : this.reader;
  }

  /** The replica once it has replayed up to `position`, else (after a short wait) the primary. */
  private async sideAt(position: string | null): Promise<ReadFrom> {
    if (!this.replica || position === null) return 'primary';
    const deadline = Date.now() + REPLAY_WAIT_MS;
    while (!(await this.replica.hasReplayed(position))) {
      if (Date.now() >= deadline) {
        this.logger.debug({ position }, 'The read replica is behind the primary: a cached read is computed on the primary');
        return 'primary';
      }
      await sleep(REPLAY_POLL_MS);
    }
    return 'replica';
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.client.$transaction((tx) => work(tx), { timeout: 30_000, maxWait: 15_000 });
  }

  /** Changes whenever `table` may have changed, as the primary sees it: the key of caches that last until then. */
  async tableVersion(table: string): Promise<string> {
    return (await this.versionedReads(table)).version;
  }

  /** The condition selecting the rows any of the targets finds (its columns contain its term, case-insensitively), served by indexes. */
  searchCondition(targets: readonly SearchTarget[], purpose: SearchPurpose): Promise<Sql> {
    return this.dialect.searchCondition(targets, purpose, this.reader);
  }

  /** Holds a lock per key until the transaction `tx` ends. */
  lock(keys: string[], tx: RawQueries): Promise<void> {
    return this.dialect.lock(keys, tx);
  }

  /** Locks rows of `table` as a delete would, until the transaction `tx` ends. */
  lockRows(table: string, ids: string[], tx: RawQueries): Promise<void> {
    return this.dialect.lockRows(table, ids, tx);
  }

  /**
   * The query's rows as CSV, streamed; resolves once the first chunk is read, so a database out of reach fails before
   * the answer starts. `from: 'replica'` exports from the replica when there is one (it may lag the primary).
   */
  exportCsv(query: CsvQuery, from: ReadFrom = 'primary'): Promise<Readable> {
    return (from === 'replica' && this.replica ? this.replica.csvExport : this.csvExport).stream(query);
  }

  /** Sends payloads to the channel's listeners in every process of the app; call it after the changes it announces have committed. */
  publish(channel: string, payloads: string[]): Promise<void> {
    return this.notifications.publish(channel, payloads);
  }

  listen(channel: string, onPayloads: (payloads: string[]) => Promise<void>): Promise<void> {
    return this.notifications.listen(channel, onPayloads);
  }

  /** The background jobs' queue; its owner starts and stops it. */
  openJobQueue(options: JobQueueOptions): JobQueue {
    return this.dialect.openJobQueue(this.client, options);
  }

  /** After deleting personal data: no copy of the deleted rows is left in the database's files (see DatabaseDialect). */
  forgetDeletedRows(): Promise<void> {
    return this.dialect.forgetDeletedRows();
  }

  async onModuleInit(): Promise<void> {
    await this.dialect.prepare(this.client);
    await this.replica?.checkSessions();
    // A primary named as the replica would pass every read, and the replay check would never be true.
    if (this.replica && !(await this.replica.isStandby())) {
      throw new Error('DATABASE_READ_URL must name a standby streaming from DATABASE_URL\'s PostgreSQL, but that server is not in recovery (pg_is_in_recovery() is false)');
    }
  }

  /** Closes every connection, each whatever happens to the others, so none is left holding the process open. */
  async onModuleDestroy(): Promise<void> {
    const closed = await Promise.allSettled([
      this.notifications.close(),
      this.csvExport.close(),
      this.reader.close(),
      this.aggregates.close(),
      ...(this.counter !== this.reader ? [this.counter.close()] : []),
      this.client.$disconnect(),
      ...(this.replica ? [this.replica.close()] : []),
    ]);
    for (const result of closed) {
      if (result.status === 'rejected') this.logger.error({ err: result.reason }, 'Closing a database connection failed');
    }
  }
}
