import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './processes';
import type { Spread } from './statistics';
import { lineChartSvg, type Series } from './svg-plot';

type Row = Record<string, any>;
interface Report {
  machine: Record<string, unknown>;
  settings: { sizes: number[]; seconds: number; runs: number; connections: number };
  results: Row[];
}

const START = '<!-- results:start -->';
const END = '<!-- results:end -->';
const s = (value: Spread, digits = 1) => `${value.median.toFixed(digits)} (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
const n = (size: number) => (size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`);
const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;

/** Rewrites the measured part of BENCHMARKS.md (between its markers) and the plots. */
export function writeReport(report: Report): void {
  const { results } = report;
  const list = results.filter((r) => r.scenario === 'first page' || r.scenario === 'qualified + search');
  const exports = results.filter((r) => r.scenario === 'export');
  const ingest = results.filter((r) => r.scenario === 'webhook ingest');
  const page = results.filter((r) => r.scenario === 'page');

  const lines = [
    START,
    `Measured ${report.machine.date} on ${report.machine.cpus} cores (${report.machine.cpuModel}), ${report.machine.memoryGb} GiB, Node ${report.machine.node};`,
    `${report.settings.runs} runs of ${report.settings.seconds} s with ${report.settings.connections} connections per figure: median (min–max).`,
    '',
    '### 1. List and search (`GET /api/leads`, limit 50)',
    '',
    '| database | leads | query | API req/s | baseline req/s | ratio | API p50 ms | API p95 ms | API p99 ms | baseline p95 ms | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...list.map((r) => `| ${r.provider} | ${n(r.size)} | ${r.scenario} | ${s(r.api.requestsPerSecond, 0)} | ${s(r.baseline.requestsPerSecond, 0)} | ${pct(r.api.requestsPerSecond.median, r.baseline.requestsPerSecond.median)} | ${r.api.p50.median.toFixed(1)} | ${s(r.api.p95)} | ${r.api.p99.median.toFixed(1)} | ${r.baseline.p95.median.toFixed(1)} | ${r.api.errors} |`),
    '',
    '### 2. Export (`GET /api/leads/export.csv`, every lead)',
    '',
    '| database | leads | size MB | API MB/s | native MB/s | ratio | API peak memory MB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...exports.map((r) => `| ${r.provider} | ${n(r.size)} | ${r.api.megabytes.toFixed(1)} | ${s(r.api.megabytesPerSecond)} | ${s(r.baseline.megabytesPerSecond)} | ${pct(r.api.megabytesPerSecond.median, r.baseline.megabytesPerSecond.median)} | ${r.api.peakMemoryMb.toFixed(0)} |`),
    '',
    '### 3. Webhook ingest (end-of-call-reports)',
    '',
    '| database | leads | accepted/s | p99 ms | accepted | stored | lost |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...ingest.map((r) => `| ${r.provider} | ${n(r.size)} | ${s(r.acceptedPerSecond, 0)} | ${s(r.p99)} | ${r.accepted} | ${r.stored} | ${r.accepted - r.stored} |`),
    '',
    '### 4. Page',
    '',
    '| database | leads | main bundle kB gzip | voice chunk kB gzip | navigation → first lead card ms |',
    '| --- | --- | --- | --- | --- |',
    ...page.map((r) => `| ${r.provider} | ${n(r.size)} | ${r.mainBundleKbGzip.toFixed(1)} | ${r.voiceChunkKbGzip.toFixed(1)} | ${s(r.firstLeadCardMs, 0)} |`),
    '',
    'Plots: [list p95](bench/plots/list-p95.svg), [export speed](bench/plots/export-speed.svg), [webhook p99](bench/plots/webhook-p99.svg).',
    '',
    END,
  ];

  mkdirSync(join(REPO_ROOT, 'bench/plots'), { recursive: true });
  const plot = (file: string, title: string, yLabel: string, series: Series[]) =>
    writeFileSync(join(REPO_ROOT, 'bench/plots', file), lineChartSvg(title, yLabel, series.filter((x) => x.points.length > 0)));
  const seriesOf = (rows: Row[], label: (r: Row) => string, y: (r: Row) => number): Series[] => {
    const groups = new Map<string, Series>();
    for (const r of rows) {
      const key = label(r);
      if (!groups.has(key)) groups.set(key, { label: key, points: [] });
      groups.get(key)!.points.push({ x: r.size, y: y(r) });
    }
    return [...groups.values()];
  };
  plot('list-p95.svg', 'List and search: API p95 latency', 'p95 ms', seriesOf(list, (r) => `${r.provider} ${r.scenario}`, (r) => r.api.p95.median));
  plot('export-speed.svg', 'Export: API speed', 'MB/s', [
    ...seriesOf(exports, (r) => `${r.provider} API`, (r) => r.api.megabytesPerSecond.median),
    ...seriesOf(exports, (r) => `${r.provider} native`, (r) => r.baseline.megabytesPerSecond.median),
  ]);
  plot('webhook-p99.svg', 'Webhook ingest: p99 latency', 'p99 ms', seriesOf(ingest, (r) => r.provider, (r) => r.p99.median));

  const file = join(REPO_ROOT, 'BENCHMARKS.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const before = current.slice(0, current.indexOf(START));
  const after = current.slice(current.indexOf(END) + END.length);
  writeFileSync(file, `${before}${lines.join('\n')}${after}`);
}
