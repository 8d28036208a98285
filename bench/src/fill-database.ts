import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@lead-desk/test-support';
import { Client } from 'pg';
import { hashPassword } from '../../apps/api/src/auth/password-hasher';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { migrateDatabase } from '../../apps/api/src/database/migrations/migrate-database';
import { flaggedIndexOf, generatedDuplicate, generatedDuplicateActivity, plannedDuplicate, type GeneratedDuplicate } from './duplicate-generator';
import {
  BENCH_ADMIN, BENCH_AGENTS, BENCH_STAFF_PASSWORD, generatedCall, generatedCallActivity, generatedConsent, generatedLead, generatedTimeline,
  type GeneratedActivity, type GeneratedCall, type GeneratedConsent, type GeneratedLead,
} from './lead-generator';
import { RESPONSE_TIMES_SQL } from './response-times-fill';

const BATCH = 10_000;
/** Entries on the timeline of the busy lead (issue 14: a lead's activity page with 200 entries). */
export const BUSY_LEAD_ACTIVITIES = 200;

interface Batch {
  leads: GeneratedLead[];
  calls: GeneratedCall[];
  activities: GeneratedActivity[];
  consents: GeneratedConsent[];
  /** After the leads: each pair names two leads of this batch or of earlier ones. */
  duplicates: GeneratedDuplicate[];
}

/** What the scenarios need to know of a filled database. */
export interface DataSet {
  /** The lead with BUSY_LEAD_ACTIVITIES timeline entries (the newest lead, so it is on the first page too). */
  busyLeadId: string;
}

/**
 * Leads `start` to `start + size - 1` of `count`, with what belongs to them. `flagged` holds the
 * possible duplicates whose older lead is still to come (in this batch or a later one).
 */
function generatedBatch(start: number, size: number, count: number, now: number, flagged: Map<number, GeneratedLead>): Batch {
  const batch: Batch = { leads: [], calls: [], activities: [], consents: [], duplicates: [] };
  for (let i = start; i < start + size; i += 1) {
    const lead = generatedLead(i, now, count);
    batch.leads.push(lead);
    if (plannedDuplicate(i, count)) flagged.set(i, lead);
    const flaggedIndex = flaggedIndexOf(i, count);
    if (flaggedIndex !== null) {
      const pair = generatedDuplicate(flagged.get(flaggedIndex)!, lead, plannedDuplicate(flaggedIndex, count)!, BENCH_AGENTS[0].id, now);
      flagged.delete(flaggedIndex);
      batch.duplicates.push(pair);
      batch.activities.push(generatedDuplicateActivity(pair));
    }
    const call = generatedCall(i, lead);
    if (call) {
      batch.calls.push(call);
      batch.activities.push(generatedCallActivity(call));
      batch.consents.push(generatedConsent(i, call));
    }
    if (i === 0) batch.activities.push(...generatedTimeline(lead, BUSY_LEAD_ACTIVITIES, now));
  }
  return batch;
}

/** The busy lead's id, read back from the filled batches. */
function busyLeadOf(batch: Batch, start: number): string | undefined {
  return start === 0 ? batch.leads[0]?.id : undefined;
}

/**
 * A fresh, migrated database holding `count` generated leads (with their calls, stages,
 * owners among four available agents, a timeline entry and a consent per call, Do Not Call
 * on one lead in a hundred, the identity keys the app writes, and about 2% of them possible
 * duplicates of an older lead, a sixth of those pairs dismissed, and each lead's response times),
 * filled in large batches,
 * with round-robin routing on: new leads go to the agents, as the pipeline issue measures it.
 */
export async function fillDatabase(databaseUrl: string, count: number): Promise<DataSet> {
  await migrateDatabase(databaseUrl);
  const target = parseDatabaseUrl(databaseUrl);
  const now = Date.now();
  const team = teamSql(await hashPassword(BENCH_STAFF_PASSWORD));
  if (target.provider === 'sqlite') return fillSqlite(target.filename, count, now, team);
  return fillPostgres(target.connectionString, target.schema, count, now, team);
}

/** The team: four available agents and an admin (BENCH_STAFF_PASSWORD: a scenario signs in as them), and round-robin on. */
function teamSql(passwordHash: string) {
  const member = ({ id, email, name }: { id: string; email: string; name: string }, role: 'agent' | 'admin') =>
    `('${id}', '${email}', '${name}', '${role}', '${passwordHash}', ${role === 'agent' ? 'TRUE' : 'FALSE'}, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`;
  return {
    agents: `INSERT INTO staff_users (id, email, name, role, password_hash, available, routing_turn, created_at, updated_at)
      VALUES ${[...BENCH_AGENTS.map((agent) => member(agent, 'agent')), member(BENCH_ADMIN, 'admin')].join(', ')}`,
    routing: `INSERT INTO app_settings (key, value, updated_at) VALUES ('assignment', '{"mode":"round-robin"}', CURRENT_TIMESTAMP)`,
  };
}
type TeamSql = ReturnType<typeof teamSql>;

function fillSqlite(filename: string, count: number, now: number, team: TeamSql): DataSet {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  // A benchmark's data set, rebuilt at will: no fsync per batch.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  // The same text form Prisma's SQLite adapter writes, so ordering and comparisons agree.
  const iso = (date: Date) => date.toISOString().replace('Z', '+00:00');
  db.exec(team.agents.replaceAll('CURRENT_TIMESTAMP', `'${iso(new Date(now))}'`).replaceAll('TRUE', '1').replaceAll('FALSE', '0'));
  db.exec(team.routing.replaceAll('CURRENT_TIMESTAMP', `'${iso(new Date(now))}'`));
  const insertLead = db.prepare(`INSERT INTO leads (id, name, email, phone, email_key, name_key, location_key, location, qualified, source, interested_in,
    budget_amount, budget_text, timeline, loan_needed, created_at, updated_at, stage_id, owner_id, lost_reason, archived_at, tags,
    do_not_call, do_not_call_reason)
    VALUES (@id, @name, @email, @phone, @emailKey, @nameKey, @locationKey, @location, @qualified, @source, @interestedIn,
    @budgetAmount, @budgetText, @timeline, @loanNeeded, @createdAt, @createdAt, @stageId, @ownerId, @lostReason, @archivedAt, @tags,
    @doNotCall, @doNotCallReason)`);
  const insertDuplicate = db.prepare(`INSERT INTO lead_duplicates (id, lead_id, other_lead_id, reason, pair_key, detected_at, dismissed_at, dismissed_by_id)
    VALUES (@id, @leadId, @otherLeadId, @reason, @pairKey, @detectedAt, @dismissedAt, @dismissedById)`);
  const insertTag = db.prepare(`INSERT INTO lead_tags ("key", lead_id, name) VALUES (?, ?, ?)`);
  const insertActivity = db.prepare(`INSERT INTO lead_activities (id, lead_id, type, actor_id, at, data)
    VALUES (@id, @leadId, @type, @actorId, @at, @data)`);
  const insertConsent = db.prepare(`INSERT INTO lead_consents (id, lead_id, channel, purpose, wording, given_at, evidence,
    withdrawn_at, withdrawn_via, withdrawn_evidence, call_id, created_at)
    VALUES (@id, @leadId, @channel, @purpose, @wording, @givenAt, @evidence, @withdrawnAt, @withdrawnVia, @withdrawnEvidence, @callId, @givenAt)`);
  const insertCall = db.prepare(`INSERT INTO calls (id, vapi_call_id, lead_id, type, status, ended_reason, customer_number,
    started_at, ended_at, duration_seconds, cost, summary, transcript, recording_url, structured_data, created_at, updated_at)
    VALUES (@id, @vapiCallId, @leadId, @type, @status, @endedReason, @customerNumber, @startedAt, @endedAt,
    @durationSeconds, @cost, @summary, @transcript, @recordingUrl, @structuredData, @createdAt, @createdAt)`);
  const insertBatch = db.transaction(({ leads, calls, activities, consents, duplicates }: Batch) => {
    for (const lead of leads) {
      insertLead.run({
        ...lead, qualified: lead.qualified ? 1 : 0, loanNeeded: lead.loanNeeded ? 1 : 0, createdAt: iso(lead.createdAt),
        archivedAt: lead.archivedAt && iso(lead.archivedAt), tags: JSON.stringify(lead.tags), doNotCall: lead.doNotCall ? 1 : 0,
      });
      for (const tag of lead.tags) insertTag.run(tag.toLowerCase(), lead.id, tag);
    }
    for (const pair of duplicates) insertDuplicate.run({ ...pair, detectedAt: iso(pair.detectedAt), dismissedAt: pair.dismissedAt && iso(pair.dismissedAt) });
    for (const activity of activities) insertActivity.run({ ...activity, at: iso(activity.at) });
    for (const call of calls) {
      insertCall.run({ ...call, startedAt: iso(call.startedAt), endedAt: iso(call.endedAt), createdAt: iso(call.createdAt) });
    }
    // After the calls: a consent names the call it was given on.
    for (const consent of consents) insertConsent.run({ ...consent, givenAt: iso(consent.givenAt), withdrawnAt: consent.withdrawnAt && iso(consent.withdrawnAt) });
  });
  // The search indexes are built once at the end rather than row by row by their triggers.
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'leads'`).all() as { name: string; sql: string }[];
  for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
  let busyLeadId = '';
  const flagged = new Map<number, GeneratedLead>();
  for (let start = 0; start < count; start += BATCH) {
    const batch = generatedBatch(start, Math.min(BATCH, count - start), count, now, flagged);
    insertBatch(batch);
    busyLeadId ||= busyLeadOf(batch, start) ?? '';
  }
  // The search indexes' own script builds them from the rows and puts their triggers back; then any other trigger.
  db.exec(readFileSync(join(REPOSITORY_ROOT, 'prisma/sqlite/search-index.sql'), 'utf8'));
  for (const trigger of triggers) db.exec(trigger.sql.replace(/^CREATE TRIGGER/, 'CREATE TRIGGER IF NOT EXISTS'));
  db.exec(RESPONSE_TIMES_SQL.sqlite);
  db.exec('ANALYZE');
  db.close();
  return { busyLeadId };
}

async function fillPostgres(connectionString: string, schema: string, count: number, now: number, team: TeamSql): Promise<DataSet> {
  const client = new Client({ connectionString });
  await client.connect();
  const timestamp = (date: Date) => date.toISOString().replace('Z', '');
  try {
    await client.query(`SET search_path = "${schema}", public`);
    await client.query(team.agents);
    await client.query(team.routing);
    let busyLeadId = '';
    const flagged = new Map<number, GeneratedLead>();
    for (let start = 0; start < count; start += BATCH) {
      const batch = generatedBatch(start, Math.min(BATCH, count - start), count, now, flagged);
      busyLeadId ||= busyLeadOf(batch, start) ?? '';
      const { leads, calls, activities, consents, duplicates } = batch;
      const lead = <K extends keyof GeneratedLead>(key: K) => leads.map((row) => row[key]);
      const call = <K extends keyof GeneratedCall>(key: K) => calls.map((row) => row[key]);
      const activity = <K extends keyof GeneratedActivity>(key: K) => activities.map((row) => row[key]);
      const consent = <K extends keyof GeneratedConsent>(key: K) => consents.map((row) => row[key]);
      await client.query(
        `INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in, budget_amount,
           budget_text, timeline, loan_needed, created_at, stage_id, owner_id, lost_reason, archived_at, tags, do_not_call,
           do_not_call_reason, email_key, name_key, location_key, updated_at)
         SELECT *, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[],
           $7::text[], $8::text[], $9::float8[], $10::text[], $11::text[], $12::bool[], $13::timestamp[],
           $14::text[], $15::text[], $16::text[], $17::timestamp[], $18::text[], $19::bool[], $20::text[], $21::text[], $22::text[], $23::text[])
           AS t(id, name, email, phone, location, qualified, source, interested_in, budget_amount, budget_text,
           timeline, loan_needed, created_at, stage_id, owner_id, lost_reason, archived_at, tags, do_not_call, do_not_call_reason,
           email_key, name_key, location_key)`,
        [
          lead('id'), lead('name'), lead('email'), lead('phone'), lead('location'), lead('qualified'),
          lead('source'), lead('interestedIn'), lead('budgetAmount'), lead('budgetText'), lead('timeline'),
          lead('loanNeeded'), leads.map((row) => timestamp(row.createdAt)), lead('stageId'), lead('ownerId'),
          lead('lostReason'), leads.map((row) => row.archivedAt && timestamp(row.archivedAt)), leads.map((row) => JSON.stringify(row.tags)),
          lead('doNotCall'), lead('doNotCallReason'), lead('emailKey'), lead('nameKey'), lead('locationKey'),
        ],
      );
      const pair = <K extends keyof GeneratedDuplicate>(key: K) => duplicates.map((row) => row[key]);
      await client.query(
        `INSERT INTO lead_duplicates (id, lead_id, other_lead_id, reason, pair_key, detected_at, dismissed_at, dismissed_by_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp[], $7::timestamp[], $8::text[])`,
        [
          pair('id'), pair('leadId'), pair('otherLeadId'), pair('reason'), pair('pairKey'), duplicates.map((row) => timestamp(row.detectedAt)),
          duplicates.map((row) => row.dismissedAt && timestamp(row.dismissedAt)), pair('dismissedById'),
        ],
      );
      const tagged = leads.flatMap((row) => row.tags.map((tag) => [tag.toLowerCase(), row.id, tag]));
      await client.query(
        `INSERT INTO lead_tags ("key", lead_id, name) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
        [tagged.map(([key]) => key), tagged.map(([, id]) => id), tagged.map(([, , name]) => name)],
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
      await client.query(
        `INSERT INTO lead_activities (id, lead_id, type, actor_id, at, data)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamp[], $6::text[])`,
        [activity('id'), activity('leadId'), activity('type'), activity('actorId'), activities.map((row) => timestamp(row.at)), activity('data')],
      );
      await client.query(
        `INSERT INTO lead_consents (id, lead_id, channel, purpose, wording, given_at, evidence, withdrawn_at, withdrawn_via,
           withdrawn_evidence, call_id, created_at)
         SELECT *, given_at FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp[], $7::text[],
           $8::timestamp[], $9::text[], $10::text[], $11::text[])
           AS t(id, lead_id, channel, purpose, wording, given_at, evidence, withdrawn_at, withdrawn_via, withdrawn_evidence, call_id)`,
        [
          consent('id'), consent('leadId'), consent('channel'), consent('purpose'), consent('wording'),
          consents.map((row) => timestamp(row.givenAt)), consent('evidence'), consents.map((row) => row.withdrawnAt && timestamp(row.withdrawnAt)),
          consent('withdrawnVia'), consent('withdrawnEvidence'), consent('callId'),
        ],
      );
    }
    // What autovacuum does to a table that has settled: statistics and the visibility map.
    await client.query(RESPONSE_TIMES_SQL.postgresql);
    await client.query('VACUUM ANALYZE leads, lead_tags, calls, lead_activities, lead_consents, lead_duplicates, lead_response_times');
    return { busyLeadId };
  } finally {
    await client.end();
  }
}
