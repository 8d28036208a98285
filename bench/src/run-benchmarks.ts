// `pnpm bench`: fills SQLite and PostgreSQL with N generated leads (BENCH_SIZES, default
// 10000,100000,1000000), measures the scenarios of BENCHMARKS.md against their
// baselines side by side, and writes bench/results/latest.json and BENCHMARKS.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { timeDownload, timeNativeExport } from './export-test';
import { fillDatabase } from './fill-database';
import { loadTest, type LoadResult } from './load-test';
import { measurePage } from './page-test';
import { REPO_ROOT, startApi, startNodeServer } from './processes';
import { writeReport } from './report';
import { repeat, spread } from './statistics';
import { BENCH_WEBHOOK_SECRET, ingestWebhooks } from './webhook-test';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 32;
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as ('sqlite' | 'postgresql')[];

export const LIST_QUERIES = {
  'first page': 'limit=50',
  'qualified + search': 'status=qualified&q=sharma&limit=50',
} as const;

async function databaseFor(provider: 'sqlite' | 'postgresql', size: number) {
  if (provider === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'lead-desk-bench-'));
    return { url: `file:${join(dir, 'leads.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `lead_desk_bench_${size}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  return { url: `${POSTGRES_URL}?schema=${schema}`, drop: () => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`) };
}

function summarise(runs: LoadResult[]) {
  return {
    requestsPerSecond: spread(runs.map((r) => r.requestsPerSecond)),
    p50: spread(runs.map((r) => r.p50)),
    p95: spread(runs.map((r) => r.p95)),
    p99: spread(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

async function main(): Promise<void> {
  const results: Record<string, unknown>[] = [];
  for (const provider of PROVIDERS) {
    for (const size of SIZES) {
      const database = await databaseFor(provider, size);
      const started = performance.now();
      await fillDatabase(database.url, size);
      const fillSeconds = (performance.now() - started) / 1000;
      console.log(`${provider} ${size}: filled in ${fillSeconds.toFixed(1)} s`);
      // The webhook limit guards production from floods; the benchmark is the flood.
      const api = await startApi(database.url, { VAPI_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET, WEBHOOK_LIMIT_PER_MINUTE: '100000000' });
      const baseline = await startNodeServer(join(REPO_ROOT, 'bench/src/baseline-server.ts'), { DATABASE_URL: database.url });
      try {
        for (const [scenario, query] of Object.entries(LIST_QUERIES)) {
          // Alternate the two servers run by run, so drift on the machine hits both alike.
          const apiRuns: LoadResult[] = [];
          const baselineRuns: LoadResult[] = [];
          for (let run = 0; run < RUNS; run += 1) {
            apiRuns.push(await loadTest(`${api.url}/api/leads?${query}`, { connections: CONNECTIONS, seconds: SECONDS }));
            baselineRuns.push(await loadTest(`${baseline.url}/leads?${query}`, { connections: CONNECTIONS, seconds: SECONDS }));
          }
          const row = { provider, size, scenario, api: summarise(apiRuns), baseline: summarise(baselineRuns) };
          console.log(JSON.stringify(row));
          results.push(row);
        }

        const exportRuns = await repeat(RUNS, () => timeDownload(`${api.url}/api/leads/export.csv`));
        const target = parseDatabaseUrl(database.url);
        const nativeRuns = await repeat(RUNS, () =>
          timeNativeExport(provider, target.provider === 'sqlite' ? { filename: target.filename } : { connectionString: target.connectionString, schema: target.schema }),
        );
        const exportRow = {
          provider,
          size,
          scenario: 'export',
          api: { megabytesPerSecond: spread(exportRuns.map((r) => r.megabytesPerSecond)), megabytes: exportRuns[0].megabytes, peakMemoryMb: api.peakMemoryMb() },
          baseline: { megabytesPerSecond: spread(nativeRuns.map((r) => r.megabytesPerSecond)), megabytes: nativeRuns[0].megabytes },
        };
        console.log(JSON.stringify(exportRow));
        results.push(exportRow);

        const ingestRows = await ingestWebhooks(api.url, database.url, { connections: CONNECTIONS, seconds: SECONDS, runs: RUNS });
        const webhookRow = { provider, size, scenario: 'webhook ingest', ...ingestRows };
        console.log(JSON.stringify(webhookRow));
        results.push(webhookRow);

        if (size === Math.max(...SIZES)) {
          const pageRow = { provider, size, scenario: 'page', ...(await measurePage(api.url, RUNS)) };
          console.log(JSON.stringify(pageRow));
          results.push(pageRow);
        }
      } finally {
        await api.stop();
        await baseline.stop();
        await database.drop();
      }
    }
  }
  mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
  const report = { machine: machineFacts(), settings: { sizes: SIZES, seconds: SECONDS, runs: RUNS, connections: CONNECTIONS }, results };
  writeFileSync(join(REPO_ROOT, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeReport(report);
}

function machineFacts() {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, date: new Date().toISOString() };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
