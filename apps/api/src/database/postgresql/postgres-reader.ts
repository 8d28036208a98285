import { Logger } from '@nestjs/common';
import { Pool } from 'pg';
import type { RowReader } from '../database-dialect';
import type { PostgresTarget } from '../database-url';
import type { Sql } from '../sql';
import { postgresPoolConfig, READ_TYPES } from './postgres-pool';

/** Connections of the read pool: a list query takes well under a millisecond of one. */
const READ_CONNECTIONS = 4;

/** The read side on PostgreSQL (or the aggregations'): a small pool of its own, values parsed as the domain wants them. */
export class PostgresReader implements RowReader {
  private readonly logger = new Logger(PostgresReader.name);
  private readonly pool: Pool;

  /** `waitForConnectionMs`: how long a query may wait for a free connection (or a new one) before it fails; the pool's own default unless given. */
  constructor(target: PostgresTarget, { connections = READ_CONNECTIONS, waitForConnectionMs }: { connections?: number; waitForConnectionMs?: number } = {}) {
    const config = postgresPoolConfig(target, connections);
    this.pool = new Pool({ ...config, connectionTimeoutMillis: waitForConnectionMs ?? config.connectionTimeoutMillis, types: READ_TYPES });
    this.pool.on('error', (error) => this.logger.error({ err: error }, 'PostgreSQL read connection failed while idle'));
  }

  async rows<T>(query: Sql): Promise<T[]> {
    return (await this.pool.query({ text: query.text, values: query.values.map(postgresParameter) })).rows as T[];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** A time as UTC text: pg would send it in the process's time zone, which timestamp(3) ignores. */
function postgresParameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
