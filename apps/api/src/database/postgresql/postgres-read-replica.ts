import type { CsvExport, ReadReplica, RowReader } from '../database-dialect';
import type { PostgresTarget } from '../database-url';
import { sql } from '../sql';
import { checkPooledSessions } from './pooled-sessions';
import { PostgresCsvExport } from './postgres-csv-export';
import { PostgresReader } from './postgres-reader';

/**
 * A streaming standby of the primary (DATABASE_READ_URL): the read side's pools opened there, the
 * same sizes as on the primary, and how far it has replayed the primary's write-ahead log.
 */
export class PostgresReadReplica implements ReadReplica {
  readonly reader: RowReader;
  readonly aggregates: RowReader;
  readonly csvExport: CsvExport;

  constructor(
    private readonly target: PostgresTarget,
    aggregates: { connections: number; waitForConnectionMs: number },
  ) {
    this.reader = new PostgresReader(target);
    this.aggregates = new PostgresReader(target, aggregates);
    this.csvExport = new PostgresCsvExport(target);
  }

  /** Behind a pooler in transaction mode (pgbouncer=true), its sessions must have the schema as the primary's (stops the start otherwise). */
  async checkSessions(): Promise<void> {
    if (this.target.pooled) await checkPooledSessions(this.target, this.reader, 'DATABASE_READ_URL');
  }

  async isStandby(): Promise<boolean> {
    const [{ standby }] = await this.reader.rows<{ standby: boolean }>(sql`SELECT pg_is_in_recovery() AS standby`);
    return standby;
  }

  async hasReplayed(position: string): Promise<boolean> {
    const [{ replayed }] = await this.reader.rows<{ replayed: boolean }>(sql`SELECT pg_last_wal_replay_lsn() >= ${position}::pg_lsn AS replayed`);
    return replayed;
  }

  async close(): Promise<void> {
    await Promise.all([this.reader.close(), this.aggregates.close(), this.csvExport.close()]);
  }
}
