import type { DatabaseProvider } from '../../src/database/database-url';
import type { LeadDeskPrismaClient } from '../../src/database/prisma-client';

export interface Finding {
  table: string;
  column: string;
  term: string;
}

/**
 * Every place in the database that still holds one of `terms`: each text column of each table
 * the database's own catalog lists (PostgreSQL: the app's schema and its job queue's; SQLite:
 * every column of every table, whatever its declared type), so a table added later is searched
 * without anyone remembering to list it.
 */
export async function findTextAnywhere(client: LeadDeskPrismaClient, provider: DatabaseProvider, databaseUrl: string, terms: string[]): Promise<Finding[]> {
  const columns = provider === 'postgresql' ? await postgresTextColumns(client, databaseUrl) : await sqliteColumns(client);
  if (columns.length < 10) throw new Error(`The catalog listed only ${columns.length} columns: the search would prove nothing`);
  const findings: Finding[] = [];
  for (const { table, column } of columns) {
    for (const term of terms) {
      const condition = provider === 'postgresql' ? `LOWER("${column}"::text) LIKE $1` : `LOWER(CAST("${column}" AS TEXT)) LIKE ?`;
      const [row] = await client.$queryRawUnsafe<{ found: number | bigint }[]>(`SELECT COUNT(*) AS found FROM ${table} WHERE ${condition}`, `%${term.toLowerCase()}%`);
      if (Number(row.found) > 0) findings.push({ table, column, term });
    }
  }
  return findings;
}

async function postgresTextColumns(client: LeadDeskPrismaClient, databaseUrl: string): Promise<{ table: string; column: string }[]> {
  const schema = new URL(databaseUrl).searchParams.get('schema') ?? 'public';
  const rows = await client.$queryRawUnsafe<{ schema: string; table: string; column: string }[]>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
     FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema IN ($1, $2) AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
    schema,
    `${schema}_jobs`,
  );
  return rows.map((row) => ({ table: `"${row.schema}"."${row.table}"`, column: row.column }));
}

async function sqliteColumns(client: LeadDeskPrismaClient): Promise<{ table: string; column: string }[]> {
  const tables = await client.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table'`);
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const info = await client.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('${name.replaceAll("'", "''")}')`);
    columns.push(...info.map((column) => ({ table: `"${name}"`, column: column.name })));
  }
  return columns;
}
