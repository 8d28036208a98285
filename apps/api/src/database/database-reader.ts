import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Database, { type Statement } from 'better-sqlite3';
import { Pool, types } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Prisma } from '../generated/sqlite/client';
import { postgresPoolConfig } from './adapter-factory';
import { parseDatabaseUrl } from './database-url';

/** Connections of the PostgreSQL read pool: a list query takes well under a millisecond of one. */
const POSTGRES_READ_CONNECTIONS = 4;
/** Prepared SQLite statements kept: the reads are a few dozen query shapes. */
const SQLITE_STATEMENTS_KEPT = 200;
const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

/**
 * The hot reads (the list's pages, counts and the dashboard's aggregates) straight
 * through the driver, outside the ORM: Prisma's raw queries spent more time turning a
 * page's 50 rows into objects than the database spent finding them. Queries are still
 * written with Prisma.sql (parameters bound, never spliced). Rows come back as the
 * driver gives them: on SQLite booleans are 1/0 and times ISO text.
 *
 * SQLite reads go through a read-only connection of their own, whose statements are
 * prepared once; WAL lets it read while the app writes, and it sees committed data only.
 */
@Injectable()
export class DatabaseReader implements OnModuleDestroy {
  private readonly logger = new Logger(DatabaseReader.name);
  private readonly sqliteFilename?: string;
  private sqlite?: Database.Database;
  private readonly statements = new Map<string, Statement>();
  private readonly pool?: Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const target = parseDatabaseUrl(config.DATABASE_URL);
    if (target.provider === 'sqlite') {
      this.sqliteFilename = target.filename;
      return;
    }
    this.pool = new Pool({
      ...postgresPoolConfig(target, POSTGRES_READ_CONNECTIONS),
      // Prisma's DateTime is `timestamp(3)` holding UTC; pg would read it as local time.
      types: { getTypeParser: (oid, format) => (oid === TIMESTAMP_WITHOUT_TIME_ZONE ? parseUtcTimestamp : types.getTypeParser(oid, format)) },
    });
    this.pool.on('error', (error) => this.logger.error({ err: error }, 'PostgreSQL read connection failed while idle'));
  }

  async rows<T>(query: Prisma.Sql): Promise<T[]> {
    if (this.pool) return (await this.pool.query({ text: query.text, values: query.values.map(postgresParameter) })).rows as T[];
    return this.statement(query.sql).all(...query.values.map(sqliteParameter)) as T[];
  }

  async onModuleDestroy(): Promise<void> {
    this.sqlite?.close();
    await this.pool?.end();
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      this.sqlite ??= new Database(this.sqliteFilename!, { readonly: true, fileMustExist: true });
      statement = this.sqlite.prepare(sql);
      if (this.statements.size >= SQLITE_STATEMENTS_KEPT) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function parseUtcTimestamp(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

/** A parameter as Prisma's SQLite adapter stores it: booleans 1/0 (better-sqlite3 binds none), times ISO text with +00:00. */
export function sqliteParameter(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  return value;
}

/** A time as UTC text: pg would send it in the process's time zone, which timestamp(3) ignores. */
function postgresParameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
