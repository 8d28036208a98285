import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { startApi } from '@lead-desk/test-support';

/**
 * `pnpm --filter @lead-desk/bench import [rows]`: imports one file of another CRM's export
 * (100,000 rows by default: Lead Name, Mobile No, Email Address, Budget (₹), Locality,
 * Status, Tags, Created On) into an empty database through the built API, on SQLite and
 * on PostgreSQL, and prints the wall time and the API's peak resident memory. Needs
 * `pnpm build` first; PostgreSQL from BENCH_POSTGRES_URL (default the local test one);
 * IMPORT_PROVIDER=sqlite|postgresql measures one database only. Each database is measured
 * through both routes: POST /api/leads/import (the answer is the summary) and
 * POST /api/leads/import/jobs (until GET /api/jobs/:id says it ended);
 * IMPORT_ROUTE=sync|job measures one only.
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

type Route = 'sync' | 'job';
type Counts = { created: number; skipped: number };

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

async function measure(provider: 'sqlite' | 'postgresql', route: Route, file: Buffer): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lead-desk-import-bench-'));
  const postgres = provider === 'postgresql' ? await postgresSchema() : undefined;
  const api = await startApi({
    nodeArgs: process.env.IMPORT_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.IMPORT_CPU_PROF}`] : undefined,
    env: { DATABASE_URL: postgres?.url ?? `file:${join(dir, 'leads.db')}`, DEMO_DATA: 'false', LOG_LEVEL: 'error', IMPORT_MAX_BYTES: String(64 * 1024 * 1024) },
  });
  try {
    const idleBytes = api.rssBytes();
    const started = performance.now();
    const { result, peakBytes } = await api.peakRssDuring(async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'crm-export.csv');
      return route === 'job' ? importAsJob(api.url, form, () => api.output()) : importNow(api.url, form, () => api.output());
    });
    const seconds = (performance.now() - started) / 1000;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
    console.log(
      `${provider}, ${route}: ${ROWS} rows (${mib(file.length)}) in ${seconds.toFixed(1)} s; created ${result.created}, skipped ${result.skipped}; RSS idle ${mib(idleBytes)}, peak ${mib(peakBytes)}`,
    );
  } finally {
    await api.stop();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const file = crmExport(ROWS);
  const only = process.env.IMPORT_PROVIDER;
  const routes = (process.env.IMPORT_ROUTE ? [process.env.IMPORT_ROUTE] : ['sync', 'job']) as Route[];
  for (const provider of ['sqlite', 'postgresql'] as const) {
    if (only && only !== provider) continue;
    for (const route of routes) await measure(provider, route, file);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
