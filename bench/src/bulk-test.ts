import Database from 'better-sqlite3';
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { toLoadResult, type LoadResult } from './load-test';

/** The tag that marks the bulk scenario's selection, so a filter selects exactly that many leads. */
const SELECTION_TAG = 'bench-bulk';
/** Where the selection moves: 5% of the generated leads are there already (skipped). */
const TARGET_STAGE = 'stage-negotiation';

export interface BulkResult {
  selected: number;
  /** From the request until GET /api/jobs/:id answered succeeded, as a user waits for it. */
  wallSeconds: number;
  /** The job's own createdAt → finishedAt. */
  jobSeconds: number;
  changed: number;
  skipped: number;
  /** The list's first page under `connections` while the job ran. */
  listWhileRunning: LoadResult;
}

/**
 * A bulk stage change of `count` leads (the newest ones not archived, tagged beforehand
 * through the driver so that a tag filter selects exactly them), timed from the request
 * to the job's success, with the list's first page loaded by `connections` clients the
 * whole time.
 */
export async function bulkStageChange(apiUrl: string, databaseUrl: string, count: number, connections: number): Promise<BulkResult> {
  await tagSelection(databaseUrl, count);
  const load = startLoad(`${apiUrl}/api/leads?limit=50`, connections);
  const started = performance.now();
  const created = await post(`${apiUrl}/api/leads/bulk`, { filter: { tag: [SELECTION_TAG] }, action: { type: 'stage', stageId: TARGET_STAGE } });
  let job: Record<string, any>;
  for (;;) {
    job = await (await fetch(`${apiUrl}/api/jobs/${created.id}`)).json();
    if (job.status === 'succeeded' || job.status === 'failed') break;
    await sleep(100);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const listWhileRunning = await load.stop();
  if (job.status !== 'succeeded') throw new Error(`The bulk job failed: ${job.error}`);
  return {
    selected: created.total,
    wallSeconds,
    jobSeconds: (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000,
    changed: job.changed,
    skipped: job.skipped,
    listWhileRunning,
  };
}

async function post(url: string, body: unknown): Promise<{ id: string; total: number }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 202) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ id: string; total: number }>;
}

/** autocannon until stopped: the load lasts exactly as long as the job. */
function startLoad(url: string, connections: number): { stop(): Promise<LoadResult> } {
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, connections, duration: 3_600 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  return {
    stop: async () => {
      instance.stop();
      return toLoadResult(await done);
    },
  };
}

async function tagSelection(databaseUrl: string, count: number): Promise<void> {
  const statements = [
    `INSERT INTO lead_tags ("key", lead_id, name) SELECT '${SELECTION_TAG}', id, '${SELECTION_TAG}' FROM leads WHERE archived_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ${count}`,
    `UPDATE leads SET tags = '["${SELECTION_TAG}"]' WHERE id IN (SELECT lead_id FROM lead_tags WHERE "key" = '${SELECTION_TAG}')`,
  ];
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === 'sqlite') {
    const db = new Database(target.filename);
    try {
      for (const statement of statements) db.prepare(statement).run();
    } finally {
      db.close();
    }
    return;
  }
  const client = new Client({ connectionString: target.connectionString, options: `-c search_path="${target.schema}"` });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
    await client.query('ANALYZE lead_tags');
  } finally {
    await client.end();
  }
}
