import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CsvExport, CsvQuery, DatabaseDialect, JobQueue, JobQueueOptions, Notifications, RowReader, SearchPurpose, SearchTarget } from './database-dialect';
import { DATABASE_TARGET, type DatabaseTarget } from './database-url';
import { dialectFor } from './dialect-for';
import type { LeadDeskPrismaClient, RawQueries, TransactionClient } from './prisma-client';
import type { Sql } from './sql';

/**
 * The app's database: the one owner of every connection it holds (Prisma's client and
 * its pool, the read side, the aggregations' reader, the CSV export's connections, the
 * notification listener), opened through the dialect and closed together at shutdown.
 * Repositories query through it and never learn which database it is.
 */
@Injectable()
export class Database implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(Database.name);
  readonly dialect: DatabaseDialect;
  /** Writes, and the reads that want Prisma's models. */
  readonly client: LeadDeskPrismaClient;
  private readonly reader: RowReader;
  private readonly aggregates: RowReader;
  private readonly csvExport: CsvExport;
  private readonly notifications: Notifications;

  constructor(@Inject(DATABASE_TARGET) target: DatabaseTarget, @Inject(APP_CONFIG) config: AppConfig) {
    this.dialect = dialectFor(target);
    this.client = this.dialect.createClient(config.DATABASE_POOL_SIZE);
    this.reader = this.dialect.openReader();
    this.aggregates = this.dialect.openAggregateReader();
    this.csvExport = this.dialect.openCsvExport();
    this.notifications = this.dialect.openNotifications(this.client);
  }

  /**
   * The hot reads (pages, counts, aggregates) straight through the driver, outside the
   * ORM: Prisma's raw queries spent more time turning a page's 50 rows into objects than
   * the database spent finding them. Rows come as the domain reads them (booleans,
   * UtcTimeText, numbers) and see committed data only.
   */
  rows<T>(query: Sql): Promise<T[]> {
    return this.reader.rows<T>(query);
  }

  /**
   * Long aggregations (a report over a month or a year of leads), rows as `rows` gives them, on
   * connections of their own and never on the API's event loop (SQLite: a worker thread): the
   * hot reads and every other request go on while one runs. Each query sees committed data.
   */
  aggregateRows<T>(query: Sql): Promise<T[]> {
    return this.aggregates.rows<T>(query);
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.client.$transaction((tx) => work(tx), { timeout: 30_000, maxWait: 15_000 });
  }

  /** Changes whenever `table` may have changed, as `rows` sees it: the key of caches that last until then. */
  async tableVersion(table: string): Promise<string> {
    const [row] = await this.reader.rows<{ version: string }>(this.dialect.tableVersion(table));
    return row.version;
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

  /** The query's rows as CSV, streamed; resolves once the first chunk is read, so a database out of reach fails before the answer starts. */
  exportCsv(query: CsvQuery): Promise<Readable> {
    return this.csvExport.stream(query);
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
  }

  /** Closes every connection, each whatever happens to the others, so none is left holding the process open. */
  async onModuleDestroy(): Promise<void> {
    const closed = await Promise.allSettled([this.notifications.close(), this.csvExport.close(), this.reader.close(), this.aggregates.close(), this.client.$disconnect()]);
    for (const result of closed) {
      if (result.status === 'rejected') this.logger.error({ err: result.reason }, 'Closing a database connection failed');
    }
  }
}
