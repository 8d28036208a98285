// The practical limit of the stack for the list: a bare node:http server running the
// API's SQL (apps/api/src/leads/leads.repository.ts) through the same driver
// (better-sqlite3 or pg) and writing the JSON, with no framework, no ORM and no
// validation. Like the API it counts a filter once per version of the leads table.
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import { Pool } from 'pg';
import type { RowReader, SearchTarget } from '../../apps/api/src/database/database-dialect';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { READ_TYPES } from '../../apps/api/src/database/postgresql/postgres-pool';
import { postgresSearchCondition } from '../../apps/api/src/database/postgresql/postgres-search';
import { join, raw, sql, type Sql } from '../../apps/api/src/database/sql';
import { sqliteParameter } from '../../apps/api/src/database/sqlite/sqlite-parameter';
import { SqliteSearch } from '../../apps/api/src/database/sqlite/sqlite-search';
import { rowConverter } from '../../apps/api/src/database/sqlite/sqlite-rows';
import { leadOutputFromRow, type LeadRow } from '../../apps/api/src/leads/lead-row';
import { leadSearchTargets } from '../../apps/api/src/leads/lead-search';

const target = parseDatabaseUrl(process.env.DATABASE_URL ?? '');
const port = Number(process.env.PORT);

const COLUMNS = raw(`id, name, email, phone, location, qualified, source, interested_in AS "interestedIn",
  budget_amount AS "budgetAmount", budget_text AS "budgetText", timeline, loan_needed AS "loanNeeded",
  created_at AS "createdAt", updated_at AS "updatedAt", stage_id AS "stageId", owner_id AS "ownerId", lost_reason AS "lostReason",
  tags, version, archived_at AS "archivedAt", do_not_call AS "doNotCall", do_not_call_reason AS "doNotCallReason"`);
/** Like the API's page: the leads are chosen from leads alone, then each stage and owner name read by its key. */
const pageSql = (where: Sql, limit: number) => sql`
  SELECT page.*,
    (SELECT name FROM stages WHERE stages.id = page."stageId") AS "stageName",
    (SELECT kind FROM stages WHERE stages.id = page."stageId") AS "stageKind",
    (SELECT name FROM staff_users WHERE staff_users.id = page."ownerId") AS "ownerName",
    (SELECT email FROM staff_users WHERE staff_users.id = page."ownerId") AS "ownerEmail"
  FROM (SELECT ${COLUMNS} FROM leads ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}) page
  ORDER BY page."createdAt" DESC, page.id DESC`;

/** The list's WHERE: archived leads left out, as the API's list does; the search's condition is each database's, as the API's dialect builds it. */
async function whereClause(status: string, q: string, search: (targets: SearchTarget[]) => Promise<Sql>): Promise<Sql> {
  const conditions = [sql`archived_at IS NULL`];
  if (status !== 'all') conditions.push(sql`qualified = ${status === 'qualified'}`);
  if (q) conditions.push(await search(leadSearchTargets(q)));
  return sql`WHERE ${join(conditions, ' AND ')}`;
}

interface Database_ {
  /** The page's rows, newest first. */
  page(status: string, q: string, limit: number): Promise<LeadRow[]>;
  count(status: string, q: string): Promise<number>;
  version(): Promise<string>;
}

function sqlite(filename: string): Database_ {
  const db = new Database(filename, { readonly: true });
  const all = (query: Sql) => db.prepare(query.sql).all(...query.values.map(sqliteParameter));
  const reader: RowReader = { rows: async <T>(query: Sql) => all(query) as T[], close: async () => void db.close() };
  // Like the API, it asks the FTS indexes how common a search is, once per search.
  const search = new SqliteSearch();
  // Like the API's read side, booleans and times become the domain's values (what the columns declare is read once per query).
  const converters = new Map<string, (rows: unknown[]) => void>();
  return {
    page: async (status, q, limit) => {
      const query = pageSql(await whereClause(status, q, (targets) => search.condition(targets, 'page', reader)), limit);
      const rows = all(query) as LeadRow[];
      if (!converters.has(query.sql)) converters.set(query.sql, rowConverter(db.prepare(query.sql)));
      converters.get(query.sql)!(rows);
      return rows;
    },
    count: async (status, q) => {
      const where = await whereClause(status, q, (targets) => search.condition(targets, 'count', reader));
      return (all(sql`SELECT COUNT(*) AS count FROM leads ${where}`)[0] as { count: number }).count;
    },
    version: async () => (db.prepare(`SELECT total_changes() || ':' || data_version AS version FROM pragma_data_version`).get() as { version: string }).version,
  };
}

function postgres(connectionString: string, schema: string): Database_ {
  const pool = new Pool({ connectionString, max: 10, options: `-c search_path="${schema}",public`, types: READ_TYPES });
  const where = (status: string, q: string) => whereClause(status, q, async (targets) => postgresSearchCondition(targets));
  return {
    page: async (status, q, limit) => {
      const query = pageSql(await where(status, q), limit);
      return (await pool.query(query.text, query.values)).rows;
    },
    count: async (status, q) => {
      const query = sql`SELECT COUNT(*) AS count FROM leads ${await where(status, q)}`;
      return Number((await pool.query(query.text, query.values)).rows[0].count);
    },
    version: async () => (await pool.query(`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version FROM leads_change_seq`)).rows[0].version,
  };
}

const db = target.provider === 'sqlite' ? sqlite(target.filename) : postgres(target.connectionString, target.schema);
const counts = new Map<string, { version: string; count: Promise<number> }>();

async function countOnce(status: string, q: string): Promise<number> {
  const version = await db.version();
  const key = `${status}\n${q}`;
  const cached = counts.get(key);
  if (cached?.version === version) return cached.count;
  const count = db.count(status, q);
  counts.set(key, { version, count });
  return count;
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== '/leads') {
    response.writeHead(200).end('ok');
    return;
  }
  const status = url.searchParams.get('status') ?? 'all';
  const q = url.searchParams.get('q') ?? '';
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const [rows, total] = await Promise.all([db.page(status, q, limit + 1), countOnce(status, q)]);
  response.writeHead(200, { 'Content-Type': 'application/json', 'X-Total-Count': String(total) });
  // The API's own row-to-JSON mapping (apps/api/src/leads/lead-row.ts).
  response.end(JSON.stringify(rows.slice(0, limit).map(leadOutputFromRow)));
}).listen(port, '127.0.0.1');
