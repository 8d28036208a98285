// The practical limit of the stack for the list: a bare node:http server running the
// API's SQL (apps/api/src/leads/leads.repository.ts) through the same driver
// (better-sqlite3 or pg) and writing the JSON, with no framework, no ORM and no
// validation. Like the API it counts a filter once per version of the leads table.
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { likePattern } from '../../apps/api/src/database/like-pattern';
import { READ_TYPES } from '../../apps/api/src/database/postgresql/postgres-pool';
import { ftsPhrase, SQLITE_COMMON_TERM_MATCHES } from '../../apps/api/src/database/sqlite/sqlite-search';
import { rowConverter } from '../../apps/api/src/database/sqlite/sqlite-rows';
import { leadOutputFromRow, type LeadRow } from '../../apps/api/src/leads/lead-row';

const target = parseDatabaseUrl(process.env.DATABASE_URL ?? '');
const port = Number(process.env.PORT);

const COLUMNS = `id, name, email, phone, location, qualified, source, interested_in AS "interestedIn",
  budget_amount AS "budgetAmount", budget_text AS "budgetText", timeline, loan_needed AS "loanNeeded",
  created_at AS "createdAt", updated_at AS "updatedAt", stage_id AS "stageId", owner_id AS "ownerId", lost_reason AS "lostReason",
  tags, version, archived_at AS "archivedAt", do_not_call AS "doNotCall", do_not_call_reason AS "doNotCallReason"`;
const ORDER = 'ORDER BY created_at DESC, id DESC';
/** Like the API's page: the leads are chosen from leads alone, then each stage and owner name read by its key. */
const pageSql = (clause: string, limit: string) => `
  SELECT page.*,
    (SELECT name FROM stages WHERE stages.id = page."stageId") AS "stageName",
    (SELECT kind FROM stages WHERE stages.id = page."stageId") AS "stageKind",
    (SELECT name FROM staff_users WHERE staff_users.id = page."ownerId") AS "ownerName",
    (SELECT email FROM staff_users WHERE staff_users.id = page."ownerId") AS "ownerEmail"
  FROM (SELECT ${COLUMNS} FROM leads ${clause} ${ORDER} LIMIT ${limit}) page
  ORDER BY page."createdAt" DESC, page.id DESC`;

interface Database_ {
  /** The page's rows, newest first. */
  page(status: string, q: string, limit: number): Promise<LeadRow[]>;
  count(status: string, q: string): Promise<number>;
  version(): Promise<string>;
}


function sqlite(filename: string): Database_ {
  const db = new Database(filename, { readonly: true });
  const like = "(name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR location LIKE ? ESCAPE '\\')";
  const fts = 'rowid IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ?)';
  const probe = db.prepare(`SELECT COUNT(*) AS matches FROM (SELECT rowid FROM leads_search WHERE leads_search MATCH ? LIMIT ${SQLITE_COMMON_TERM_MATCHES})`);
  // Like the API, it asks the FTS index how common a term is once per term.
  const probed = new Map<string, number>();
  const termMatches = (q: string) => {
    const key = q.toLowerCase();
    if (!probed.has(key)) probed.set(key, (probe.get(ftsPhrase(q)) as { matches: number }).matches);
    return probed.get(key)!;
  };
  const filter = (status: string, q: string, forPage: boolean) => {
    // The list leaves archived leads out, as the API's does.
    const where: string[] = ['archived_at IS NULL'];
    const params: unknown[] = [];
    if (status !== 'all') {
      where.push('qualified = ?');
      params.push(status === 'qualified' ? 1 : 0);
    }
    if (q) {
      const common = forPage && /^[\x20-\x7e]{3,}$/.test(q) && termMatches(q) >= SQLITE_COMMON_TERM_MATCHES;
      if ([...q].length >= 3 && !common) {
        where.push(fts);
        params.push(ftsPhrase(q));
      } else {
        where.push(like);
        params.push(...Array(3).fill(likePattern(q)));
      }
    }
    return { clause: `WHERE ${where.join(' AND ')}`, params };
  };
  // Like the API's read side, booleans and times become the domain's values (what the columns declare is read once per query).
  const converters = new Map<string, (rows: unknown[]) => void>();
  return {
    page: async (status, q, limit) => {
      const { clause, params } = filter(status, q, true);
      const sql = pageSql(clause, '?');
      const statement = db.prepare(sql);
      const rows = statement.all(...params, limit) as LeadRow[];
      if (!converters.has(sql)) converters.set(sql, rowConverter(statement));
      converters.get(sql)!(rows);
      return rows;
    },
    count: async (status, q) => {
      const { clause, params } = filter(status, q, false);
      return (db.prepare(`SELECT COUNT(*) AS count FROM leads ${clause}`).get(...params) as { count: number }).count;
    },
    version: async () => (db.prepare(`SELECT total_changes() || ':' || data_version AS version FROM pragma_data_version`).get() as { version: string }).version,
  };
}

function postgres(connectionString: string, schema: string): Database_ {
  const pool = new Pool({ connectionString, max: 10, options: `-c search_path="${schema}",public`, types: READ_TYPES });
  const filter = (status: string, q: string) => {
    const where: string[] = ['archived_at IS NULL'];
    const params: unknown[] = [];
    if (status !== 'all') {
      params.push(status === 'qualified');
      where.push(`qualified = $${params.length}`);
    }
    if (q) {
      params.push(likePattern(q));
      where.push(`(name ILIKE $${params.length} OR email ILIKE $${params.length} OR location ILIKE $${params.length})`);
    }
    return { clause: `WHERE ${where.join(' AND ')}`, params };
  };
  return {
    page: async (status, q, limit) => {
      const { clause, params } = filter(status, q);
      return (await pool.query(pageSql(clause, `$${params.length + 1}`), [...params, limit])).rows;
    },
    count: async (status, q) => {
      const { clause, params } = filter(status, q);
      return Number((await pool.query(`SELECT COUNT(*) AS count FROM leads ${clause}`, params)).rows[0].count);
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
