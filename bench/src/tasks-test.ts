import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { BENCH_AGENTS } from './lead-generator';

/** Follow-ups over the leads (issue 24): 100,000 tasks, or one per ten leads of a smaller data set. */
export const benchTaskCount = (leads: number) => Math.min(100_000, Math.round(leads / 10));

/** Staff opening their dashboard's lists or the calendar at the same moment: a team's worth, as a lead's timeline is measured. */
export const TASK_READERS = 4;

const DAY_MS = 86_400_000;
/** Due times spread from two years back to three months ahead: a member has about 30 tasks a day at 100,000. */
const PAST_DAYS = 730;
const FUTURE_DAYS = 90;
const TYPES = ['call', 'call', 'call', 'call', 'site_visit', 'site_visit', 'site_visit', 'meeting', 'meeting', 'other'] as const;
const OUTCOMES = ['Interested, wants a second visit', 'Not reachable', 'Asked for the floor plan', 'Budget too low for now'];

interface GeneratedTask {
  id: string;
  leadId: string;
  type: (typeof TYPES)[number];
  dueAt: Date;
  endsAt: Date | null;
  assigneeId: string;
  propertyId: number | null;
  notes: string | null;
  doneAt: Date | null;
  doneById: string | null;
  outcome: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
}

/**
 * Task `t` of `count` on `lead`: for its owner (an unassigned lead's for an agent in turn); a
 * visit with a property and an hour's slot; due at a time spread evenly over the span (a prime
 * step, so each day and hour gets its share); past tasks mostly done (85%) or cancelled (5%),
 * a tenth still open (overdue); future ones open, one in twenty cancelled.
 */
function generatedTask(t: number, count: number, lead: { id: string; ownerId: string | null }, now: number): GeneratedTask {
  const span = (PAST_DAYS + FUTURE_DAYS) * DAY_MS;
  const dueAt = new Date(now - PAST_DAYS * DAY_MS + Math.floor(((t * 7_919) % count) * (span / count)));
  // By t / 5, not t's turn of ten: the lead's owner follows t mod 5 (tasksOver), which t mod 10 would tie to one or two types (an agent without visits).
  const type = TYPES[Math.floor(t / 5) % TYPES.length];
  const assigneeId = lead.ownerId ?? BENCH_AGENTS[t % BENCH_AGENTS.length].id;
  const past = dueAt.getTime() < now;
  const roll = (t * 31) % 100;
  const done = past && roll < 85;
  const cancelled = past ? roll >= 85 && roll < 90 : roll < 5;
  return {
    id: randomUUID(),
    leadId: lead.id,
    type,
    dueAt,
    endsAt: type === 'site_visit' ? new Date(dueAt.getTime() + 3_600_000) : null,
    assigneeId,
    propertyId: type === 'site_visit' ? 1 + (t % 16) : null,
    notes: t % 3 === 0 ? 'Confirm the time by WhatsApp the day before' : null,
    doneAt: done ? new Date(dueAt.getTime() + 3_600_000) : null,
    doneById: done ? assigneeId : null,
    outcome: done ? OUTCOMES[t % OUTCOMES.length] : null,
    cancelledAt: cancelled ? new Date(dueAt.getTime() - DAY_MS) : null,
    createdAt: new Date(dueAt.getTime() - 3 * DAY_MS),
  };
}

/** Adds `count` tasks over the filled leads, evenly, in large batches. */
export async function fillTasks(databaseUrl: string, count: number, now = Date.now()): Promise<void> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === 'sqlite') return fillSqliteTasks(target.filename, count, now);
  return fillPostgresTasks(target.connectionString, target.schema, count, now);
}

const BATCH = 10_000;

/**
 * Task `t` goes on lead `t × 10,007 mod leads` (newest first): a prime step spreads the tasks over
 * the leads and over their owners alike (an even stride would follow the owners' turn of five).
 */
function tasksOver(leads: { id: string; ownerId: string | null }[], count: number, now: number): GeneratedTask[] {
  return Array.from({ length: count }, (_, t) => generatedTask(t, count, leads[(t * LEAD_STEP) % leads.length], now));
}

const LEAD_STEP = 10_007;

function fillSqliteTasks(filename: string, count: number, now: number): void {
  const db = new Database(filename);
  db.pragma('synchronous = OFF');
  const iso = (date: Date | null) => date && date.toISOString().replace('Z', '+00:00');
  try {
    const leads = db.prepare(`SELECT id, owner_id AS ownerId FROM leads ORDER BY created_at DESC, id`).all() as { id: string; ownerId: string | null }[];
    const insert = db.prepare(`INSERT INTO tasks (id, lead_id, type, due_at, ends_at, assignee_id, property_id, notes, created_by_id, done_at, done_by_id,
      outcome, cancelled_at, version, created_at, updated_at)
      VALUES (@id, @leadId, @type, @dueAt, @endsAt, @assigneeId, @propertyId, @notes, @assigneeId, @doneAt, @doneById, @outcome, @cancelledAt, 1, @createdAt, @createdAt)`);
    const insertAll = db.transaction((tasks: GeneratedTask[]) => {
      for (const task of tasks) {
        insert.run({ ...task, dueAt: iso(task.dueAt), endsAt: iso(task.endsAt), doneAt: iso(task.doneAt), cancelledAt: iso(task.cancelledAt), createdAt: iso(task.createdAt) });
      }
    });
    const tasks = tasksOver(leads, count, now);
    for (let start = 0; start < tasks.length; start += BATCH) insertAll(tasks.slice(start, start + BATCH));
    db.exec('ANALYZE tasks');
  } finally {
    db.close();
  }
}

async function fillPostgresTasks(connectionString: string, schema: string, count: number, now: number): Promise<void> {
  const client = new Client({ connectionString });
  await client.connect();
  const timestamp = (date: Date | null) => date && date.toISOString().replace('Z', '');
  try {
    await client.query(`SET search_path = "${schema}", public`);
    const leads = (await client.query<{ id: string; ownerId: string | null }>(`SELECT id, owner_id AS "ownerId" FROM leads ORDER BY created_at DESC, id`)).rows;
    const tasks = tasksOver(leads, count, now);
    for (let start = 0; start < tasks.length; start += BATCH) {
      const batch = tasks.slice(start, start + BATCH);
      const column = <K extends keyof GeneratedTask>(key: K) => batch.map((task) => task[key]);
      const times = (key: 'dueAt' | 'endsAt' | 'doneAt' | 'cancelledAt' | 'createdAt') => batch.map((task) => timestamp(task[key]));
      await client.query(
        `INSERT INTO tasks (id, lead_id, type, due_at, ends_at, assignee_id, property_id, notes, done_at, done_by_id, outcome, cancelled_at,
           created_at, created_by_id, version, updated_at)
         SELECT *, assignee_id, 1, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamp[], $5::timestamp[], $6::text[], $7::int[],
           $8::text[], $9::timestamp[], $10::text[], $11::text[], $12::timestamp[], $13::timestamp[])
           AS t(id, lead_id, type, due_at, ends_at, assignee_id, property_id, notes, done_at, done_by_id, outcome, cancelled_at, created_at)`,
        [
          column('id'), column('leadId'), column('type'), times('dueAt'), times('endsAt'), column('assigneeId'), column('propertyId'),
          column('notes'), times('doneAt'), column('doneById'), column('outcome'), times('cancelledAt'), times('createdAt'),
        ],
      );
    }
    await client.query('VACUUM ANALYZE tasks');
  } finally {
    await client.end();
  }
}

/** Monday to Sunday of this week, as the day is in `timeZone` (the API's APP_TIME_ZONE): the calendar view's default. */
export function thisWeek(now: Date, timeZone: string): { from: string; to: string } {
  const today = new Date(`${now.toLocaleDateString('en-CA', { timeZone })}T00:00:00Z`);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  return { from: monday.toISOString().slice(0, 10), to: new Date(monday.getTime() + 6 * DAY_MS).toISOString().slice(0, 10) };
}

/** The scenarios measured, as BENCHMARKS.md names them: [scenario, viewer, path]. */
export function taskScenarios(now: Date): [scenario: string, viewer: 'admin' | 'agent', path: string][] {
  const { from, to } = thisWeek(now, 'Asia/Kolkata');
  const week = `/api/calendar?from=${from}&to=${to}&tz=Asia%2FKolkata`;
  return [
    ['tasks due today, agent', 'agent', '/api/tasks?assignee=me&due=today'],
    ['tasks overdue, agent', 'agent', '/api/tasks?assignee=me&due=overdue'],
    // The calendar, as the dashboard asks for it: the week's site visits per agent.
    ['calendar week of visits, agent', 'agent', `${week}&type=site_visit`],
    ['calendar week of visits, admin', 'admin', `${week}&type=site_visit`],
    // The API's largest week: every type.
    ['calendar week of every type, agent', 'agent', week],
    ['calendar week of every type, admin', 'admin', week],
  ];
}

/** What a scenario's answer holds before the load: tasks on the first page and in all (the list), or in the week (the calendar). */
export async function taskAnswerSize(url: string, headers: Record<string, string>): Promise<{ shown: number; total: number; bytes: number }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as unknown[] | { agents: { tasks: unknown[] }[] };
  if (Array.isArray(body)) return { shown: body.length, total: Number(response.headers.get('x-total-count')), bytes: text.length };
  const inWeek = body.agents.reduce((sum, agent) => sum + agent.tasks.length, 0);
  return { shown: inWeek, total: inWeek, bytes: text.length };
}
