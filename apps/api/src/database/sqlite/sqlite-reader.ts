import Database, { type Statement } from 'better-sqlite3';
import type { RowReader } from '../database-dialect';
import type { Sql } from '../sql';
import { sqliteParameter } from './sqlite-parameter';
import { rowConverter } from './sqlite-rows';

/** Prepared statements kept: the reads are a few dozen query shapes. */
const STATEMENTS_KEPT = 200;

/**
 * The read side on SQLite: a read-only connection of its own (WAL lets it read while
 * the app writes; it sees committed data only), opened at the first read, whose
 * statements are prepared once with their row conversion.
 */
export class SqliteReader implements RowReader {
  private connection?: Database.Database;
  private readonly statements = new Map<string, { statement: Statement; convert: (rows: unknown[]) => void }>();

  constructor(private readonly filename: string) {}

  async rows<T>(query: Sql): Promise<T[]> {
    const { statement, convert } = this.prepared(query.sql);
    const rows = statement.all(...query.values.map(sqliteParameter));
    convert(rows);
    return rows as T[];
  }

  async close(): Promise<void> {
    this.connection?.close();
  }

  private prepared(sql: string) {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      this.connection ??= new Database(this.filename, { readonly: true, fileMustExist: true });
      const statement = this.connection.prepare(sql);
      prepared = { statement, convert: rowConverter(statement) };
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }
}
