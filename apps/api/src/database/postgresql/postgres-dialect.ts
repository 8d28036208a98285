import { Logger } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Client, escapeIdentifier } from 'pg';
import { PrismaClient } from '../../generated/postgresql/client';
import type { ColumnType, DatabaseDialect, JobQueueOptions, RowReader, SearchTarget } from '../database-dialect';
import type { PostgresTarget } from '../database-url';
import { parseListenUrl } from '../listen-url';
import type { LeadDeskPrismaClient, RawQueries } from '../prisma-client';
import { join, raw, sql, type Sql } from '../sql';
import { PostgresCsvExport } from './postgres-csv-export';
import { PostgresNotifications } from './postgres-notifications';
import { PgBossJobQueue, setUpPgBossQueue } from './pg-boss-job-queue';
import { postgresPoolConfig } from './postgres-pool';
import { checkPooledSessions } from './pooled-sessions';
import { postgresSearchCondition } from './postgres-search';
import { PostgresReadReplica } from './postgres-read-replica';
import { PostgresReader } from './postgres-reader';
import { withStartUpLock } from './start-up-lock';

const POSTGRES_TYPES: Record<ColumnType, string> = {
  text: 'text',
  boolean: 'boolean',
  float: 'double precision',
  integer: 'integer',
  time: 'timestamp(3)',
};

/**
 * One connection for the aggregations: a report's queries one after another, at most one of the
 * database's cores (as SQLite's worker thread): on the 2-core bench machine two at a time halved
 * the list's rate while a year's report was made.
 */
const AGGREGATE_CONNECTIONS = 1;
/**
 * An aggregation waits its turn for the connection as long as the ones before it take: a year's
 * report at a million leads holds it for seconds, and the pool's usual 5 s (meant for a database
 * out of reach) failed a report's later queries with a 503 while its first ran.
 */
const AGGREGATE_WAIT_MS = 5 * 60_000;

/** PostgreSQL: several API processes on one database, writing side by side. */
export class PostgresDialect implements DatabaseDialect {
  readonly name = 'postgresql';
  /** Batches committed side by side: more only queue for the same rows' locks and the WAL. */
  readonly parallelWriters = 4;
  private readonly logger = new Logger(PostgresDialect.name);

  constructor(private readonly target: PostgresTarget) {}

  async ensureExists(): Promise<void> {
    const client = new Client({ connectionString: this.target.connectionString });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${escapeIdentifier(this.target.schema)}`);
    } finally {
      await client.end();
    }
  }

  whileAloneAtStartUp<T>(work: () => Promise<T>): Promise<T> {
    return withStartUpLock(this.target, work);
  }

  setUpJobQueue(): Promise<void> {
    return setUpPgBossQueue(this.target);
  }

  adapterFactory({ poolSize = 10, onPoolError }: { poolSize?: number; onPoolError?: (error: Error) => void } = {}): PrismaPg {
    return new PrismaPg(postgresPoolConfig(this.target, poolSize), { schema: this.target.schema, onPoolError });
  }

  createClient(poolSize: number): LeadDeskPrismaClient {
    const adapter = this.adapterFactory({ poolSize, onPoolError: (error) => this.logger.error({ err: error }, 'PostgreSQL pool error') });
    // The two generated clients differ only in provider internals (see LeadDeskPrismaClient).
    return new PrismaClient({ adapter }) as unknown as LeadDeskPrismaClient;
  }

  /** Nothing to set: the pools' connections carry their settings (search_path) from the start, or from the pooler (checked). */
  async prepare(client: LeadDeskPrismaClient): Promise<void> {
    if (this.target.pooled) await checkPooledSessions(this.target, { rows: (query) => client.$queryRaw(query) }, 'DATABASE_URL');
  }

  async forgetDeletedRows(): Promise<void> {}

  openReader(): PostgresReader {
    return new PostgresReader(this.target);
  }

  /** The read pool itself: PostgreSQL counts in server processes of its own, beside the API's event loop. */
  openCountReader(reader: RowReader): RowReader {
    return reader;
  }

  /** The reports' aggregations hold a connection for seconds at a million leads: not one of the read pool's. */
  openAggregateReader(): PostgresReader {
    return new PostgresReader(this.target, { connections: AGGREGATE_CONNECTIONS, waitForConnectionMs: AGGREGATE_WAIT_MS });
  }

  /** The read side on a streaming standby of the primary: this dialect made for DATABASE_READ_URL's target. */
  openReadReplica(): PostgresReadReplica {
    return new PostgresReadReplica(this.target, { connections: AGGREGATE_CONNECTIONS, waitForConnectionMs: AGGREGATE_WAIT_MS });
  }

  openCsvExport(): PostgresCsvExport {
    return new PostgresCsvExport(this.target);
  }

  openNotifications(client: LeadDeskPrismaClient, listenUrl?: string): PostgresNotifications {
    return new PostgresNotifications(listenUrl ? parseListenUrl(listenUrl, this.target) : this.target.connectionString, client, this.target.schema);
  }

  openJobQueue(_client: LeadDeskPrismaClient, options: JobQueueOptions): PgBossJobQueue {
    return new PgBossJobQueue(this.target, options);
  }

  /** PostgreSQL cannot infer a type for a parameter inside a VALUES list. */
  typed(value: unknown, type: ColumnType): Sql {
    return sql`${value}::${raw(POSTGRES_TYPES[type])}`;
  }

  percentile(value: Sql, fraction: number): Sql {
    return sql`percentile_cont(${raw(String(fraction))}) WITHIN GROUP (ORDER BY ${value})`;
  }

  /**
   * `<table>_change_seq`, which a statement trigger on the table advances on every write, from whatever client (migration
   * leads_change_counter), and the primary's WAL position. Read on the primary only: a standby sees a sequence as last
   * logged, up to 32 values ahead of the primary's (measured: 33 there while the primary was at 5), so it would not move
   * with the next 32 writes.
   */
  tableVersion(table: string): Sql {
    return sql`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version, pg_current_wal_lsn()::text AS position
      FROM ${raw(escapeIdentifier(`${table}_change_seq`))}`;
  }

  async searchCondition(targets: readonly SearchTarget[]): Promise<Sql> {
    return postgresSearchCondition(targets);
  }

  /** Transaction-scoped advisory locks, taken in sorted order (two transactions never wait on each other) in one statement. */
  async lock(keys: string[], db: RawQueries): Promise<void> {
    const sorted = [...new Set(keys)].sort();
    if (sorted.length > 0) await db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(key))::text FROM unnest(${sorted}::text[]) AS key`;
  }

  /** FOR UPDATE, in id order: the lock a delete takes, which a child row's foreign key check waits for. */
  async lockRows(table: string, ids: string[], db: RawQueries): Promise<void> {
    if (ids.length > 0) await db.$queryRaw`SELECT id FROM ${raw(`"${table}"`)} WHERE id IN (${join(ids)}) ORDER BY id FOR UPDATE`;
  }
}
