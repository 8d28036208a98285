import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { startApi } from '@lead-desk/test-support';

/**
 * `pnpm --filter @lead-desk/bench run import [rows]` (`run`: pnpm's own `import` is another command): imports one file of another CRM's export
 * (100,000 rows by default: Lead Name, Mobile No, Email Address, Budget (₹), Locality,
 * Status, Tags, Created On) into an empty database through the built API, on SQLite and
 * on PostgreSQL, and prints the wall time and the API's peak resident memory. Needs
 * `pnpm build` first; PostgreSQL from BENCH_POSTGRES_URL (default the local test one);
 * IMPORT_PROVIDER=sqlite|postgresql measures one database only. Each database is measured
 * through both routes: POST /api/leads/import (the answer is the summary) and
 * POST /api/leads/import/jobs (until GET /api/jobs/:id says it ended);
 * IMPORT_ROUTE=sync|job measures one only. IMPORT_ROUTE=preview measures
 * POST /api/leads/import/preview of the file (its dry run of every row) on an empty database
 * (every row new), preview-stored after the file was imported once (every row matches a
 * stored lead, with a timeline to fill: the preview lists its first matches), preview-late
 * after the file's last 100 rows were imported (its only matches are at its end, so the list
 * reads the whole file again), also with the size of the answer; IMPORT_ROUTE takes a
 * comma-separated list.
 */
const ROWS = Number(process.argv[2] ?? 100_000);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const STAGES = ['New', 'Contacted', 'Site Visit Scheduled', 'Negotiation', 'Booked'];
const TAGS = ['Hot', 'NRI', 'Investor', 'Cold', 'Repeat'];

function crmExport(rows: number): Buffer {
  const lines = ['Lead Name,Mobile No,Email Address,Budget (₹),Locality,Status,Tags,Created On'];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `Lead ${i},${9_000_000_000 + i},lead${i}@bench.example.in,${(i % 90) + 10} Lakh,Locality ${i % 500},${STAGES[i % STAGES.length]},"${TAGS[i % 5]}; ${TAGS[(i + 2) % 5]}",${day}/03/2026`,
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

async function postgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `lead_desk_import_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA "${schema}"`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('schema', schema);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`) };
}

type Route = 'sync' | 'job' | 'preview' | 'preview-stored' | 'preview-late';
type Counts = { created: number; skipped: number; updated?: number; bytes?: number };

/** The file imported synchronously: the answer is its summary. */
async function importNow(apiUrl: string, form: FormData, output: () => string): Promise<Counts> {
  const response = await fetch(`${apiUrl}/api/leads/import`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`POST /api/leads/import answered ${response.status}: ${await response.text()}\nThe API's log ends:\n${output().slice(-4000)}`);
  return (await response.json()) as Counts;
}

/** The file imported as a background job, followed until it ends. */
async function importAsJob(apiUrl: string, form: FormData, output: () => string): Promise<Counts> {
  const response = await fetch(`${apiUrl}/api/leads/import/jobs`, { method: 'POST', body: form });
  if (response.status !== 202) throw new Error(`POST /api/leads/import/jobs answered ${response.status}: ${await response.text()}\nThe API's log ends:\n${output().slice(-4000)}`);
  const { id } = (await response.json()) as { id: string };
  for (;;) {
    await sleep(100);
    const job = (await (await fetch(`${apiUrl}/api/jobs/${id}`)).json()) as { status: string; created: number; skipped: number; error: string | null };
    if (job.status === 'failed') throw new Error(`The import job failed: ${job.error}\nThe API's log ends:\n${output().slice(-4000)}`);
    if (job.status === 'succeeded') return { created: job.created, skipped: job.skipped };
  }
}

/** The file's preview: its counts are the dry run's, and the size of the answer is measured too. */
async function preview(apiUrl: string, form: FormData, output: () => string): Promise<Counts> {
  const response = await fetch(`${apiUrl}/api/leads/import/preview`, { method: 'POST', body: form });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/leads/import/preview answered ${response.status}: ${text}\nThe API's log ends:\n${output().slice(-4000)}`);
  const { outcome } = JSON.parse(text) as { outcome: Counts };
  return { ...outcome, bytes: Buffer.byteLength(text) };
}

/** The same people again with a timeline each lacks (the file has none): every row of the stored file matches, with a field to fill. */
function withTimelines(file: Buffer): Buffer {
  const [header, ...lines] = file.toString('utf8').split('\r\n');
  return Buffer.from([`${header},Timeline`, ...lines.map((line, i) => `${line},Within ${(i % 6) + 1} months`)].join('\r\n'));
}

/** The file's header and its last `count` rows. */
function lastRows(file: Buffer, count: number): Buffer {
  const lines = file.toString('utf8').split('\r\n');
  return Buffer.from([lines[0], ...lines.slice(-count)].join('\r\n'));
}

const formOf = (file: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'crm-export.csv');
  return form;
};

async function measure(provider: 'sqlite' | 'postgresql', route: Route, file: Buffer): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lead-desk-import-bench-'));
  const postgres = provider === 'postgresql' ? await postgresSchema() : undefined;
  let stopApi = async () => {};
  try {
    // Inside the try: an API that does not start still leaves no schema or folder behind.
    const api = await startApi({
      nodeArgs: process.env.IMPORT_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.IMPORT_CPU_PROF}`] : undefined,
      env: { DATABASE_URL: postgres?.url ?? `file:${join(dir, 'leads.db')}`, DEMO_DATA: 'false', LOG_LEVEL: 'error', IMPORT_MAX_BYTES: String(64 * 1024 * 1024) },
    });
    stopApi = async () => {
      await api.stop();
    };
    const output = () => api.output();
    if (route === 'preview-stored') await importNow(api.url, formOf(file), output);
    if (route === 'preview-late') await importNow(api.url, formOf(lastRows(file, 100)), output);
    const sent = route === 'preview-stored' ? withTimelines(file) : file;
    const idleBytes = api.rssBytes();
    const started = performance.now();
    const { result, peakBytes } = await api.peakRssDuring(async () => {
      const form = formOf(sent);
      if (route === 'job') return importAsJob(api.url, form, output);
      if (route === 'sync') return importNow(api.url, form, output);
      return preview(api.url, form, output);
    });
    const seconds = (performance.now() - started) / 1000;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
    const answer = result.bytes === undefined ? '' : `, updated ${result.updated}; answer ${(result.bytes / 1024).toFixed(1)} KiB`;
    console.log(
      `${provider}, ${route}: ${ROWS} rows (${mib(sent.length)}) in ${seconds.toFixed(1)} s; created ${result.created}, skipped ${result.skipped}${answer}; RSS idle ${mib(idleBytes)}, peak ${mib(peakBytes)}`,
    );
  } finally {
    await stopApi();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const file = crmExport(ROWS);
  const only = process.env.IMPORT_PROVIDER;
  const routes = (process.env.IMPORT_ROUTE?.split(',') ?? ['sync', 'job']) as Route[];
  for (const provider of ['sqlite', 'postgresql'] as const) {
    if (only && only !== provider) continue;
    for (const route of routes) await measure(provider, route, file);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
