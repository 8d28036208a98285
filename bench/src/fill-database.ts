import Database from 'better-sqlite3';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { migrateDatabase } from '../../apps/api/src/database/migrations/migrate-database';
import { generatedCall, generatedLead, type GeneratedCall, type GeneratedLead } from './lead-generator';

const BATCH = 10_000;

interface Batch {
  leads: GeneratedLead[];
  calls: GeneratedCall[];
}

function generatedBatch(start: number, size: number, now: number): Batch {
  const batch: Batch = { leads: [], calls: [] };
  for (let i = start; i < start + size; i += 1) {
    const lead = generatedLead(i, now);
    batch.leads.push(lead);
    const call = generatedCall(i, lead);
    if (call) batch.calls.push(call);
  }
  return batch;
}

/** A fresh, migrated database holding `count` generated leads (and their calls), filled in large batches. */
export async function fillDatabase(databaseUrl: string, count: number): Promise<void> {
  await migrateDatabase(databaseUrl);
  const target = parseDatabaseUrl(databaseUrl);
  const now = Date.now();
  if (target.provider === 'sqlite') return fillSqlite(target.filename, count, now);
  return fillPostgres(target.connectionString, target.schema, count, now);
}

function fillSqlite(filename: string, count: number, now: number): void {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  // A benchmark's data set, rebuilt at will: no fsync per batch.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insertLead = db.prepare(`INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in,
    budget_amount, budget_text, timeline, loan_needed, created_at, updated_at)
    VALUES (@id, @name, @email, @phone, @location, @qualified, @source, @interestedIn,
    @budgetAmount, @budgetText, @timeline, @loanNeeded, @createdAt, @createdAt)`);
  const insertCall = db.prepare(`INSERT INTO calls (id, vapi_call_id, lead_id, type, status, ended_reason, customer_number,
    started_at, ended_at, duration_seconds, cost, summary, transcript, recording_url, structured_data, created_at, updated_at)
    VALUES (@id, @vapiCallId, @leadId, @type, @status, @endedReason, @customerNumber, @startedAt, @endedAt,
    @durationSeconds, @cost, @summary, @transcript, @recordingUrl, @structuredData, @createdAt, @createdAt)`);
  // The same text form Prisma's SQLite adapter writes, so ordering and comparisons agree.
  const iso = (date: Date) => date.toISOString().replace('Z', '+00:00');
  const insertBatch = db.transaction(({ leads, calls }: Batch) => {
    for (const lead of leads) {
      insertLead.run({ ...lead, qualified: lead.qualified ? 1 : 0, loanNeeded: lead.loanNeeded ? 1 : 0, createdAt: iso(lead.createdAt) });
    }
    for (const call of calls) {
      insertCall.run({ ...call, startedAt: iso(call.startedAt), endedAt: iso(call.endedAt), createdAt: iso(call.createdAt) });
    }
  });
  // The search index is built once at the end rather than row by row by its triggers.
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'leads'`).all() as { name: string; sql: string }[];
  for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
  for (let start = 0; start < count; start += BATCH) insertBatch(generatedBatch(start, Math.min(BATCH, count - start), now));
  db.exec(`INSERT INTO leads_search (leads_search) VALUES ('rebuild')`);
  for (const trigger of triggers) db.exec(trigger.sql);
  db.exec('ANALYZE');
  db.close();
}

async function fillPostgres(connectionString: string, schema: string, count: number, now: number): Promise<void> {
  const client = new Client({ connectionString });
  await client.connect();
  const timestamp = (date: Date) => date.toISOString().replace('Z', '');
  try {
    await client.query(`SET search_path = "${schema}", public`);
    for (let start = 0; start < count; start += BATCH) {
      const { leads, calls } = generatedBatch(start, Math.min(BATCH, count - start), now);
      const lead = <K extends keyof GeneratedLead>(key: K) => leads.map((row) => row[key]);
      const call = <K extends keyof GeneratedCall>(key: K) => calls.map((row) => row[key]);
      await client.query(
        `INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in, budget_amount,
           budget_text, timeline, loan_needed, created_at, updated_at)
         SELECT *, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[],
           $7::text[], $8::text[], $9::float8[], $10::text[], $11::text[], $12::bool[], $13::timestamp[])
           AS t(id, name, email, phone, location, qualified, source, interested_in, budget_amount, budget_text,
           timeline, loan_needed, created_at)`,
        [
          lead('id'), lead('name'), lead('email'), lead('phone'), lead('location'), lead('qualified'),
          lead('source'), lead('interestedIn'), lead('budgetAmount'), lead('budgetText'), lead('timeline'),
          lead('loanNeeded'), leads.map((row) => timestamp(row.createdAt)),
        ],
      );
      await client.query(
        `INSERT INTO calls (id, vapi_call_id, lead_id, type, status, ended_reason, customer_number, started_at, ended_at,
           duration_seconds, cost, summary, transcript, recording_url, structured_data, created_at, updated_at)
         SELECT *, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
           $7::text[], $8::timestamp[], $9::timestamp[], $10::float8[], $11::float8[], $12::text[], $13::text[],
           $14::text[], $15::text[], $16::timestamp[])
           AS t(id, vapi_call_id, lead_id, type, status, ended_reason, customer_number, started_at, ended_at,
           duration_seconds, cost, summary, transcript, recording_url, structured_data, created_at)`,
        [
          call('id'), call('vapiCallId'), call('leadId'), call('type'), call('status'), call('endedReason'),
          call('customerNumber'), calls.map((row) => timestamp(row.startedAt)), calls.map((row) => timestamp(row.endedAt)),
          call('durationSeconds'), call('cost'), call('summary'), call('transcript'), call('recordingUrl'),
          call('structuredData'), calls.map((row) => timestamp(row.createdAt)),
        ],
      );
    }
    // What autovacuum does to a table that has settled: statistics and the visibility map.
    await client.query('VACUUM ANALYZE leads, calls');
  } finally {
    await client.end();
  }
}
