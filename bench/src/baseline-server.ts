// The practical limit of the stack for the list: a bare node:http server running the
// same SQL through the same driver (better-sqlite3 or pg) and writing the JSON, with
// no framework, no ORM and no validation.
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';

const target = parseDatabaseUrl(process.env.DATABASE_URL ?? '');
const port = Number(process.env.PORT);

type Query = (status: string, q: string, limit: number) => Promise<{ rows: unknown[]; total: number }>;

function sqliteQuery(filename: string): Query {
  const db = new Database(filename, { readonly: true });
  return async (status, q, limit) => {
    const where: string[] = [];
    const params: unknown[] = [];
    if (status !== 'all') {
      where.push('qualified = ?');
      params.push(status === 'qualified' ? 1 : 0);
    }
    if (q) {
      where.push('rowid IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ?)');
      params.push(`"${q.replaceAll('"', '""')}"`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = db.prepare(`SELECT * FROM leads ${clause} ORDER BY created_at DESC, id DESC LIMIT ?`).all(...params, limit);
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM leads ${clause}`).get(...params) as { total: number };
    return { rows, total };
  };
}

function postgresQuery(connectionString: string, schema: string): Query {
  const pool = new Pool({ connectionString, max: 10, options: `-c search_path="${schema}",public` });
  return async (status, q, limit) => {
    const where: string[] = [];
    const params: unknown[] = [];
    if (status !== 'all') {
      params.push(status === 'qualified');
      where.push(`qualified = $${params.length}`);
    }
    if (q) {
      params.push(`%${q}%`);
      where.push(`(name ILIKE $${params.length} OR email ILIKE $${params.length} OR location ILIKE $${params.length})`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [page, count] = await Promise.all([
      pool.query(`SELECT * FROM leads ${clause} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1}`, [...params, limit]),
      pool.query(`SELECT COUNT(*)::int AS total FROM leads ${clause}`, params),
    ]);
    return { rows: page.rows, total: count.rows[0].total };
  };
}

const query = target.provider === 'sqlite' ? sqliteQuery(target.filename) : postgresQuery(target.connectionString, target.schema);

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== '/leads') {
    response.writeHead(200).end('ok');
    return;
  }
  const { rows, total } = await query(url.searchParams.get('status') ?? 'all', url.searchParams.get('q') ?? '', Number(url.searchParams.get('limit') ?? 100));
  response.writeHead(200, { 'Content-Type': 'application/json', 'X-Total-Count': String(total) });
  response.end(JSON.stringify(rows));
}).listen(port, '127.0.0.1');
