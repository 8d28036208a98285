import Database from 'better-sqlite3';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';

const CHUNK = 500;

/**
 * How many of the given call ids are in the database: `processed` ones as a call
 * record linked to a lead whose inbox event is marked processed, `storedForReplay`
 * ones as an inbox event at least.
 */
export async function storedReports(databaseUrl: string, processed: string[], storedForReplay: string[]) {
  const target = parseDatabaseUrl(databaseUrl);
  const processedSql = (placeholders: string) => `SELECT COUNT(*) AS n FROM calls c JOIN leads l ON l.id = c.lead_id
    WHERE c.vapi_call_id IN (${placeholders})
      AND EXISTS (SELECT 1 FROM webhook_events e WHERE e.vapi_call_id = c.vapi_call_id AND e.processed_at IS NOT NULL)`;
  const inboxSql = (placeholders: string) => `SELECT COUNT(DISTINCT vapi_call_id) AS n FROM webhook_events WHERE vapi_call_id IN (${placeholders})`;

  if (target.provider === 'sqlite') {
    const db = new Database(target.filename, { readonly: true });
    try {
      const count = (sql: (p: string) => string, ids: string[]) =>
        chunks(ids).reduce((sum, chunk) => sum + (db.prepare(sql(chunk.map(() => '?').join(','))).get(...chunk) as { n: number }).n, 0);
      return { processed: count(processedSql, processed), storedForReplay: count(inboxSql, storedForReplay) };
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: target.connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path = "${target.schema}", public`);
    const count = async (sql: (p: string) => string, ids: string[]) => {
      let sum = 0;
      for (const chunk of chunks(ids)) sum += Number((await client.query(sql(chunk.map((_, i) => `$${i + 1}`).join(',')), chunk)).rows[0].n);
      return sum;
    };
    return { processed: await count(processedSql, processed), storedForReplay: await count(inboxSql, storedForReplay) };
  } finally {
    await client.end();
  }
}

function chunks<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
}

/** The leads the ingest created (its new callers' numbers start +918; generated leads' +919) and how many of them round-robin gave an agent. */
export async function routedNewLeads(databaseUrl: string): Promise<{ newLeads: number; routed: number }> {
  const target = parseDatabaseUrl(databaseUrl);
  const sql = `SELECT COUNT(*) AS "newLeads", COUNT(owner_id) AS routed FROM leads WHERE phone LIKE '+918%'`;
  if (target.provider === 'sqlite') {
    const db = new Database(target.filename, { readonly: true });
    try {
      return db.prepare(sql).get() as { newLeads: number; routed: number };
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: target.connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path = "${target.schema}", public`);
    const [row] = (await client.query(sql)).rows as { newLeads: string; routed: string }[];
    return { newLeads: Number(row.newLeads), routed: Number(row.routed) };
  } finally {
    await client.end();
  }
}
