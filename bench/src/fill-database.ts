import Database from 'better-sqlite3';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { migrateDatabase } from '../../apps/api/src/database/migrations/migrate-database';
import { generatedLead, type GeneratedLead } from './lead-generator';

const BATCH = 10_000;

/** A fresh, migrated database holding `count` generated leads, filled in large batches. */
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
  const insert = db.prepare(`INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in,
    budget_amount, budget_text, timeline, loan_needed, created_at, updated_at)
    VALUES (@id, @name, @email, @phone, @location, @qualified, @source, @interestedIn,
    @budgetAmount, @budgetText, @timeline, @loanNeeded, @createdAt, @createdAt)`);
  // The same text form Prisma's SQLite adapter writes, so ordering and comparisons agree.
  const iso = (date: Date) => date.toISOString().replace('Z', '+00:00');
  const insertBatch = db.transaction((leads: GeneratedLead[]) => {
    for (const lead of leads) {
      insert.run({ ...lead, qualified: lead.qualified ? 1 : 0, loanNeeded: lead.loanNeeded ? 1 : 0, createdAt: iso(lead.createdAt) });
    }
  });
  for (let start = 0; start < count; start += BATCH) {
    insertBatch(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => generatedLead(start + k, now)));
  }
  db.pragma('optimize');
  db.close();
}

async function fillPostgres(connectionString: string, schema: string, count: number, now: number): Promise<void> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path = "${schema}", public`);
    for (let start = 0; start < count; start += BATCH) {
      const leads = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => generatedLead(start + k, now));
      const column = <K extends keyof GeneratedLead>(key: K) => leads.map((lead) => lead[key]);
      await client.query(
        `INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in, budget_amount,
           budget_text, timeline, loan_needed, created_at, updated_at)
         SELECT *, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[],
           $7::text[], $8::text[], $9::float8[], $10::text[], $11::text[], $12::bool[], $13::timestamp[])
           AS t(id, name, email, phone, location, qualified, source, interested_in, budget_amount, budget_text,
           timeline, loan_needed, created_at)`,
        [
          column('id'), column('name'), column('email'), column('phone'), column('location'), column('qualified'),
          column('source'), column('interestedIn'), column('budgetAmount'), column('budgetText'), column('timeline'),
          column('loanNeeded'), leads.map((lead) => lead.createdAt.toISOString().replace('Z', '')),
        ],
      );
    }
    await client.query('ANALYZE leads');
  } finally {
    await client.end();
  }
}
