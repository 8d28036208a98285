// `pnpm bench`: fills SQLite and PostgreSQL with N generated leads (BENCH_SIZES, default
// 10000,100000,1000000), measures the scenarios of BENCHMARKS.md against their
// baselines side by side, and writes bench/results/latest.json and BENCHMARKS.md.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPOSITORY_ROOT, startApi, startServerProcess, type ServerProcess } from '@lead-desk/test-support';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { timeDownload, timeNativeExport, type ExportResult, type NativeExportTarget } from './export-test';
import { fillDatabase, type DataSet } from './fill-database';
import { bulkStageChange } from './bulk-test';
import { DUPLICATES_FIRST_PAGE, startStaffApi, type SignedInViewer } from './duplicates-test';
import { BENCH_AGENTS } from './lead-generator';
import { LIST_QUERIES, SOURCE_FILTER_PATHS } from './read-scenarios';
import { coldRequestMs, loadTest, summariseLoad, type LoadResult } from './load-test';
import { measurePage } from './page-test';
import { writeReport, type BenchReport } from './report';
import { spread } from './statistics';
import { firstRequest, LIST_FIRST_PAGE, loadWhile, SPEED_TO_LEAD_READERS, SPEED_TO_LEAD_SCENARIOS, speedToLeadPaths, speedToLeadScenario } from './speed-report-test';
import { speedToLead } from './speed-to-lead-test';
import { benchTaskCount, fillTasks, TASK_READERS, taskAnswerSize, taskScenarios } from './tasks-test';
import { BENCH_WEBHOOK_SECRET, ingestWebhooks } from './webhook-test';
import { agentTools } from './agent-tools-test';
import { instancesScenarios } from './instances-test';
import { READS_WHILE_WRITING, readWhileWriting } from './writing-test';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 32;
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as ('sqlite' | 'postgresql')[];
const MB = 1024 * 1024;
const DEFAULT_RESULTS_FILE = join(REPOSITORY_ROOT, 'bench/results/latest.json');
const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ? resolve(REPOSITORY_ROOT, process.env.BENCH_RESULTS_FILE) : DEFAULT_RESULTS_FILE;

/**
 * Schemas filled before (`pnpm --filter @lead-desk/bench fill`), measured as they are and kept, instead of filling
 * each size: BENCH_FILLED_SCHEMAS=<schema>:<leads>[:<fill seconds it took>],… (PostgreSQL). Ten million leads take
 * most of an hour to fill.
 */
const FILLED_SCHEMAS = (process.env.BENCH_FILLED_SCHEMAS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [schema, leads, fillSeconds] = entry.split(':');
    return { schema, size: Number(leads), fillSeconds: fillSeconds === undefined ? undefined : Number(fillSeconds) };
  });
/** Which of the list's queries to measure (BENCH_LIST_QUERIES, names as in read-scenarios.ts, comma-separated): all by default. */
const LIST_QUERY_NAMES = process.env.BENCH_LIST_QUERIES?.split(',') ?? Object.keys(LIST_QUERIES);

/** Staff opening one lead's timeline at the same moment: a team's worth, not the list's 32-connection flood. */
const TIMELINE_READERS = 4;

/** The pipeline's reads (issue 14), API only: the list's baseline has no counterpart for them. */
const PIPELINE_PATHS = (dataSet: DataSet): Record<string, { path: string; connections: number }> => ({
  'board counts': { path: '/api/leads/board', connections: CONNECTIONS },
  'stage + owner page': { path: `/api/leads?stage=stage-contacted&owner=${BENCH_AGENTS[1].id}&limit=50`, connections: CONNECTIONS },
  'activity page': { path: `/api/leads/${dataSet.busyLeadId}/activity`, connections: CONNECTIONS },
  [`activity page, ${TIMELINE_READERS} at once`]: { path: `/api/leads/${dataSet.busyLeadId}/activity`, connections: TIMELINE_READERS },
});

/** Which groups of scenarios to run (BENCH_SCENARIOS, e.g. `pipeline,ingest`): all by default. */
const SCENARIO_GROUPS = ['list', 'export', 'page', 'ingest', 'pipeline', 'duplicates', 'bulk', 'filters', 'speed-report', 'speed-to-lead', 'tasks', 'agent-tools', 'instances', 'writing'] as const;
/** Speed to lead: leads per second from the four inbound channels, for a minute (issue 23). */
const SPEED_LEADS_PER_SECOND = Number(process.env.BENCH_SPEED_LEADS_PER_SECOND ?? 20);
const SPEED_SECONDS = Number(process.env.BENCH_SPEED_SECONDS ?? 60);
/** Reads while leads are written: new leads a second through POST /api/leads, a busy team's and its sources' pace. */
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 10);
/** The agent's questions during calls (issue 24): tool calls and transfer requests, each kind at this rate for this long. */
const AGENT_REQUESTS_PER_SECOND = Number(process.env.BENCH_AGENT_REQUESTS_PER_SECOND ?? 20);
const AGENT_SECONDS = Number(process.env.BENCH_AGENT_SECONDS ?? 30);
/** How long the speed report's API runs before the first requests: it keeps the panel's periods ready from its start. */
const SPEED_WARM_SECONDS = Number(process.env.BENCH_SPEED_WARM_SECONDS ?? 30);
/** The bulk scenario's selection: 100,000 leads (issue 15), or a tenth of a smaller data set. */
const bulkSelection = (size: number) => Math.min(100_000, Math.round(size / 10));
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? SCENARIO_GROUPS.join(',')).split(','));
for (const group of SCENARIOS) {
  if (!(SCENARIO_GROUPS as readonly string[]).includes(group)) throw new Error(`BENCH_SCENARIOS: unknown group ${group} (known: ${SCENARIO_GROUPS.join(', ')})`);
}

/** A statement on the machine's PostgreSQL, on a connection of its own. */
async function postgresAdmin<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  return client
    .query<T>(text, values)
    .then((result) => result.rows)
    .finally(() => client.end());
}

/** Tables with their indexes and TOAST, of the app's schema and the job queue's (pg-boss keeps a schema of its own beside the app's). */
async function schemaBytesOnDisk(schema: string): Promise<number> {
  const [{ bytes }] = await postgresAdmin<{ bytes: string }>(
    `SELECT COALESCE(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ($1, $2) AND c.relkind IN ('r', 'm')`,
    [schema, `${schema}_jobs`],
  );
  return Number(bytes);
}

/** A schema filled before (BENCH_FILLED_SCHEMAS), measured as it is and kept. */
function filledDatabase(schema: string) {
  return { url: `${POSTGRES_URL}?schema=${schema}`, drop: async () => undefined, bytesOnDisk: () => schemaBytesOnDisk(schema) };
}

/** What the fill says of a schema filled before: its lead with the long timeline is the one with the most activities. */
async function filledDataSet(schema: string): Promise<DataSet> {
  const [busiest] = await postgresAdmin<{ lead_id: string }>(`SELECT lead_id FROM "${schema}".lead_activities GROUP BY lead_id ORDER BY count(*) DESC LIMIT 1`);
  return { busyLeadId: busiest.lead_id };
}

async function databaseFor(provider: 'sqlite' | 'postgresql', size: number) {
  if (provider === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'lead-desk-bench-'));
    const file = join(dir, 'leads.db');
    // The database file with its write-ahead log, as the fill left them.
    const bytesOnDisk = async () => ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
    return { url: `file:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }), bytesOnDisk };
  }
  const schema = `lead_desk_bench_${size}_${process.pid}`;
  const drop = () => postgresAdmin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  await drop();
  return { url: `${POSTGRES_URL}?schema=${schema}`, drop: async () => void (await drop()), bytesOnDisk: () => schemaBytesOnDisk(schema) };
}

function summariseExport(runs: (ExportResult & { peakMemoryMb?: number })[]) {
  return {
    megabytesPerSecond: spread(runs.map((r) => r.megabytesPerSecond)),
    seconds: spread(runs.map((r) => r.seconds)),
    megabytes: runs[0].megabytes,
    rows: runs[0].rows,
  };
}

/** Both servers under the same load, alternating run by run so drift on the machine hits both alike. */
async function listScenario(api: ServerProcess, baseline: ServerProcess, query: string) {
  const load = (url: string, seconds = SECONDS) => loadTest(url, { connections: CONNECTIONS, seconds });
  const coldMs = await coldRequestMs(`${api.url}/api/leads?${query}`);
  await coldRequestMs(`${baseline.url}/leads?${query}`);
  await load(`${api.url}/api/leads?${query}`, WARM_UP_SECONDS);
  await load(`${baseline.url}/leads?${query}`, WARM_UP_SECONDS);
  const apiRuns: LoadResult[] = [];
  const baselineRuns: LoadResult[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    apiRuns.push(await load(`${api.url}/api/leads?${query}`));
    baselineRuns.push(await load(`${baseline.url}/leads?${query}`));
  }
  return { coldMs, api: summariseLoad(apiRuns), baseline: summariseLoad(baselineRuns) };
}

/** One API route under load (the list's 32 connections unless told): a warm-up, then RUNS runs. */
async function apiScenario(api: ServerProcess, path: string, connections = CONNECTIONS, headers?: Record<string, string>) {
  const load = (seconds = SECONDS) => loadTest(`${api.url}${path}`, { connections, seconds, headers });
  const coldMs = await coldRequestMs(`${api.url}${path}`, headers);
  await load(WARM_UP_SECONDS);
  const runs: LoadResult[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await load());
  return { path, coldMs, api: summariseLoad(runs) };
}

/**
 * The speed-to-lead report (issue 23), each period's first request then its load: the panel's 30
 * days (kept ready by the API) beside the same days nobody asked for (their first request waits for
 * the aggregation), and a year chosen by hand, aggregated alone, then again (other days) while the
 * list's first page is loaded as the list is measured, then the list alone as long.
 */
async function speedReportScenarios(staff: { api: ServerProcess; viewers: SignedInViewer[] }, record: (row: { scenario: string } & Record<string, unknown>) => void) {
  await new Promise((resolve) => setTimeout(resolve, SPEED_WARM_SECONDS * 1000));
  const paths = speedToLeadPaths(new Date());
  const admin = staff.viewers.find((signedIn) => signedIn.viewer === 'admin')!.headers;
  for (const [period, viewer] of SPEED_TO_LEAD_SCENARIOS) {
    const { headers } = staff.viewers.find((signedIn) => signedIn.viewer === viewer)!;
    const { path, coldPath, underListLoad } = paths[period];
    const first = await firstRequest(`${staff.api.url}${path}`, headers);
    const aggregationMs = coldPath === path ? first.ms : (await firstRequest(`${staff.api.url}${coldPath}`, headers)).ms;
    let listDuringAggregation: { list: LoadResult; listAlone: LoadResult; seconds: number } | undefined;
    if (underListLoad) {
      // The list's count is kept once asked: asked once before, so both loads find it kept.
      const listed = await fetch(`${staff.api.url}${LIST_FIRST_PAGE}`, { headers: admin });
      if (!listed.ok) throw new Error(`GET ${LIST_FIRST_PAGE} answered ${listed.status}: ${await listed.text()}`);
      const during = await loadWhile(`${staff.api.url}${LIST_FIRST_PAGE}`, CONNECTIONS, admin, () => firstRequest(`${staff.api.url}${underListLoad}`, headers));
      const listAlone = await loadTest(`${staff.api.url}${LIST_FIRST_PAGE}`, { connections: CONNECTIONS, seconds: Math.max(WARM_UP_SECONDS, Math.round(during.seconds)), headers: admin });
      listDuringAggregation = { list: during.load, listAlone, seconds: during.seconds };
    }
    const load = await apiScenario(staff.api, path, SPEED_TO_LEAD_READERS, headers);
    record({
      scenario: speedToLeadScenario(period, viewer),
      connections: SPEED_TO_LEAD_READERS,
      leadsInPeriod: first.leads,
      firstRequestMs: first.ms,
      firstRequestKept: first.kept,
      aggregationMs,
      ...(listDuringAggregation && { listDuringAggregation }),
      ...load,
    });
  }
}

async function exportScenario(api: ServerProcess, databaseUrl: string) {
  const target = parseDatabaseUrl(databaseUrl);
  const native: NativeExportTarget =
    target.provider === 'sqlite' ? target : { provider: 'postgresql', connectionString: target.connectionString, schema: target.schema };
  const apiRuns: (ExportResult & { peakMemoryMb: number })[] = [];
  const nativeRuns: ExportResult[] = [];
  const idleMemoryMb = api.rssBytes() / MB;
  for (let run = 0; run < RUNS; run += 1) {
    const { result, peakBytes } = await api.peakRssDuring(() => timeDownload(`${api.url}/api/leads/export.csv`));
    apiRuns.push({ ...result, peakMemoryMb: peakBytes / MB });
    nativeRuns.push(await timeNativeExport(native));
  }
  if (apiRuns.some((r) => r.rows !== nativeRuns[0].rows)) {
    throw new Error(`The API exported ${apiRuns.map((r) => r.rows).join('/')} rows, the database ${nativeRuns[0].rows}`);
  }
  return {
    api: { ...summariseExport(apiRuns), peakMemoryMb: spread(apiRuns.map((r) => r.peakMemoryMb)), idleMemoryMb },
    baseline: summariseExport(nativeRuns),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const results: BenchReport['results'] = [];
  // The load average beside each figure shows how busy the shared machine was.
  const record = (row: BenchReport['results'][number]) => {
    const withLoad = { ...row, loadAverage1m: Number(os.loadavg()[0].toFixed(2)) };
    console.log(JSON.stringify(withLoad));
    results.push(withLoad);
  };
  const targets = FILLED_SCHEMAS.length > 0 ? FILLED_SCHEMAS.map((filled) => ({ provider: 'postgresql' as const, size: filled.size, filled })) : PROVIDERS.flatMap((provider) => SIZES.map((size) => ({ provider, size, filled: undefined })));
  for (const { provider, size, filled } of targets) {
    const database = filled ? filledDatabase(filled.schema) : await databaseFor(provider, size);
    const fillStarted = performance.now();
    const dataSet = filled ? await filledDataSet(filled.schema) : await fillDatabase(database.url, size);
    const seconds = filled ? (filled.fillSeconds ?? null) : (performance.now() - fillStarted) / 1000;
    record({ provider, size, scenario: 'fill', seconds, ...(filled && { filledBefore: true }), bytesOnDisk: await database.bytesOnDisk() });
    // First and alone: an agent's view needs the API in staff mode, and on SQLite its start (the
    // migrations' lock) would wait on the other API's or the baseline's connection and fail.
    if (SCENARIOS.has('duplicates')) {
      const staff = await startStaffApi(database.url);
      try {
        for (const { viewer, headers, pairsOnFirstPage } of staff.viewers) {
          const scenario = `duplicates first page, ${viewer}`;
          record({ provider, size, scenario, connections: CONNECTIONS, pairsOnFirstPage, ...(await apiScenario(staff.api, DUPLICATES_FIRST_PAGE, CONNECTIONS, headers)) });
        }
      } finally {
        await staff.api.stop();
      }
    }
    // Staff mode too (an agent's report covers their own leads): the report of a period as a few staff open it at once.
    if (SCENARIOS.has('speed-report')) {
      const staff = await startStaffApi(database.url);
      try {
        await speedReportScenarios(staff, (row) => record({ provider, size, ...row }));
      } finally {
        await staff.api.stop();
      }
    }
    // Follow-ups (issue 24), staff mode ("mine" needs a member): tasks added over the leads, then a member's due lists and the calendar week.
    if (SCENARIOS.has('tasks')) {
      const tasks = benchTaskCount(size);
      const tasksStarted = performance.now();
      await fillTasks(database.url, tasks);
      record({ provider, size, scenario: 'fill tasks', tasks, seconds: (performance.now() - tasksStarted) / 1000 });
      const staff = await startStaffApi(database.url);
      try {
        for (const [scenario, viewer, path] of taskScenarios(new Date())) {
          const { headers } = staff.viewers.find((signedIn) => signedIn.viewer === viewer)!;
          const answer = await taskAnswerSize(`${staff.api.url}${path}`, headers);
          record({ provider, size, scenario, tasks, connections: TASK_READERS, ...answer, ...(await apiScenario(staff.api, path, TASK_READERS, headers)) });
        }
      } finally {
        await staff.api.stop();
      }
    }
    // The webhook limit guards production from floods; the benchmark is the flood. The speed report's panel periods,
    // which the API aggregates at start-up (seconds of a database core at ten million leads), are measured apart (speed-report).
    const api = await startApi({
      env: { DATABASE_URL: database.url, LOG_LEVEL: 'error', VAPI_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET, WEBHOOK_LIMIT_PER_MINUTE: '100000000', SPEED_REPORT_WARM_SECONDS: '0' },
    });
    const baseline = await startServerProcess({
      script: join(REPOSITORY_ROOT, 'bench/src/baseline-server.ts'),
      cwd: join(REPOSITORY_ROOT, 'bench'),
      env: { DATABASE_URL: database.url },
      readyPath: '/',
    });
    try {
      if (SCENARIOS.has('list')) {
        for (const [scenario, query] of Object.entries(LIST_QUERIES).filter(([name]) => LIST_QUERY_NAMES.includes(name))) {
          record({ provider, size, scenario, ...(await listScenario(api, baseline, query)) });
        }
      }
      if (SCENARIOS.has('pipeline')) {
        for (const [scenario, { path, connections }] of Object.entries(PIPELINE_PATHS(dataSet))) {
          record({ provider, size, scenario, connections, ...(await apiScenario(api, path, connections)) });
        }
      }
      if (SCENARIOS.has('filters')) {
        for (const [scenario, path] of Object.entries(SOURCE_FILTER_PATHS)) record({ provider, size, scenario, connections: CONNECTIONS, ...(await apiScenario(api, path)) });
      }
      if (SCENARIOS.has('export')) record({ provider, size, scenario: 'export', ...(await exportScenario(api, database.url)) });
      if (SCENARIOS.has('page')) record({ provider, size, scenario: 'page', ...(await measurePage(`${api.url}/`, RUNS)) });
      // Last: it adds leads and calls, which the other scenarios must not see. Round-robin is on (fillDatabase).
      if (SCENARIOS.has('ingest')) {
        const ingest = await ingestWebhooks(api.url, database.url, { connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, warmUpSeconds: WARM_UP_SECONDS, existingLeads: size });
        record({ provider, size, scenario: 'webhook ingest', ...ingest });
      }
      // After the others: it moves leads to another stage.
      if (SCENARIOS.has('bulk')) {
        record({ provider, size, scenario: 'bulk stage change', connections: CONNECTIONS, ...(await bulkStageChange(api.url, database.url, bulkSelection(size), CONNECTIONS)) });
      }
      // After the others: it adds leads.
      if (SCENARIOS.has('writing')) {
        const options = { connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, warmUpSeconds: WARM_UP_SECONDS, writesPerSecond: WRITES_PER_SECOND };
        for (const scenario of Object.keys(READS_WHILE_WRITING)) record({ provider, size, scenario, ...(await readWhileWriting(api.url, scenario, options)) });
      }
    } finally {
      await api.stop();
      await baseline.stop();
    }
    try {
      // Several API instances behind the compose file's HAProxy (issue 26): on PostgreSQL, the database they share in production.
      if (SCENARIOS.has('instances') && provider === 'postgresql') {
        const options = { databaseUrl: database.url, existingLeads: size, connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, warmUpSeconds: WARM_UP_SECONDS };
        await instancesScenarios(options, (row) => record({ provider, size, ...row }));
      }
      // Alone, with an API of its own that places calls (to a fake Vapi): the others must not see its leads.
      if (SCENARIOS.has('speed-to-lead')) {
        record({ provider, size, scenario: 'inbound lead to call', leadsPerSecond: SPEED_LEADS_PER_SECOND, seconds: SPEED_SECONDS, ...(await speedToLead(database.url, { leadsPerSecond: SPEED_LEADS_PER_SECOND, seconds: SPEED_SECONDS })) });
      }
      // Last, with an API of its own: it books visits, routes leads and makes callers' leads.
      if (SCENARIOS.has('agent-tools')) {
        const answered = await agentTools(database.url, { requestsPerSecond: AGENT_REQUESTS_PER_SECOND, seconds: AGENT_SECONDS, existingLeads: size });
        for (const [kind, figures] of Object.entries(answered)) {
          record({ provider, size, scenario: `agent: ${kind}`, requestsPerSecond: AGENT_REQUESTS_PER_SECOND, seconds: AGENT_SECONDS, ...figures });
        }
      }
    } finally {
      await database.drop();
    }
  }
  const report: BenchReport = {
    machine: machineFacts(),
    settings: { sizes: SIZES, seconds: SECONDS, runs: RUNS, connections: CONNECTIONS, providers: PROVIDERS, scenarios: [...SCENARIOS] },
    totalMinutes: (performance.now() - started) / 60_000,
    results,
  };
  mkdirSync(join(RESULTS_FILE, '..'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  // BENCHMARKS.md shows the figures of latest.json: a run saved elsewhere (a subset) leaves it alone.
  if (RESULTS_FILE !== DEFAULT_RESULTS_FILE) {
    console.log(`Done in ${report.totalMinutes.toFixed(1)} min: ${RESULTS_FILE} (BENCHMARKS.md unchanged)`);
    return;
  }
  writeReport(report);
  console.log(`Done in ${report.totalMinutes.toFixed(1)} min: ${RESULTS_FILE}, BENCHMARKS.md, bench/plots/`);
}

function machineFacts() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    node: process.version,
    date: new Date().toISOString(),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
