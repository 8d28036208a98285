import { queryRows } from './database-rows';
import type { TestDatabase } from './test-database';

/** Rows a snapshot leaves out: e.g. the entries a change is allowed to leave behind. */
export type RowFilter = Record<string, (row: Record<string, unknown>) => boolean>;

/**
 * Every row of every table the database's catalog lists, each table's rows in a fixed order, as
 * JSON: two snapshots are equal exactly when nothing was added, changed or removed anywhere. A
 * table added later is in it without being named. Left out: the migrations' own table and, on
 * SQLite, the full-text indexes' tables (indexes over the leads, rebuilt by triggers).
 */
export async function snapshotTables(database: TestDatabase, leaveOut: RowFilter = {}): Promise<Record<string, string[]>> {
  const tables = await dataTables(database);
  if (tables.length < 10) throw new Error(`The catalog listed only ${tables.length} tables: the snapshot would prove nothing`);
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await queryRows<Record<string, unknown>>(database, `SELECT * FROM "${table}"`);
    const kept = rows.filter((row) => !leaveOut[table]?.(row));
    snapshot[table] = kept.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).sort();
  }
  return snapshot;
}

/**
 * The tables of the database that hold data: Prisma's migration log aside, and SQLite's
 * full-text indexes (a virtual table and its shadow tables), which the leads feed.
 */
export async function dataTables(database: TestDatabase): Promise<string[]> {
  if (database.provider === 'postgresql') {
    const tables = await queryRows<{ name: string }>(
      database,
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    return tables.map(({ name }) => name).filter((name) => name !== '_prisma_migrations').sort();
  }
  const tables = await queryRows<{ name: string; sql: string }>(database, "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  const indexes = tables.filter(({ sql }) => sql.startsWith('CREATE VIRTUAL TABLE')).map(({ name }) => name);
  return tables
    .map(({ name }) => name)
    .filter((name) => name !== '_prisma_migrations' && !indexes.some((index) => name === index || name.startsWith(`${index}_`)))
    .sort();
}

/**
 * Every column that names a lead: those with a foreign key to leads, and those named lead_id or
 * *_lead_id (a log or a selection keeps a lead's id without one), as `table.column`.
 */
export async function leadReferenceColumns(database: TestDatabase): Promise<string[]> {
  const rows =
    database.provider === 'sqlite'
      ? await queryRows<{ reference: string }>(
          database,
          `SELECT t.name || '.' || c.name AS reference FROM sqlite_master t JOIN pragma_table_info(t.name) c
           WHERE t.type = 'table' AND t.name NOT LIKE 'leads\\_search%' ESCAPE '\\' AND (c.name = 'lead_id' OR c.name LIKE '%\\_lead\\_id' ESCAPE '\\')
           UNION
           SELECT t.name || '.' || f."from" FROM sqlite_master t JOIN pragma_foreign_key_list(t.name) f WHERE t.type = 'table' AND f."table" = 'leads'`,
        )
      : await queryRows<{ reference: string }>(
          database,
          `SELECT table_name || '.' || column_name AS reference FROM information_schema.columns
           WHERE table_schema = current_schema() AND (column_name = 'lead_id' OR column_name LIKE '%\\_lead\\_id')
           UNION
           SELECT kcu.table_name || '.' || kcu.column_name FROM information_schema.referential_constraints rc
           JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
           JOIN information_schema.key_column_usage pk ON pk.constraint_name = rc.unique_constraint_name AND pk.constraint_schema = rc.unique_constraint_schema
           WHERE rc.constraint_schema = current_schema() AND pk.table_name = 'leads'`,
        );
  return rows.map(({ reference }) => reference).sort();
}
