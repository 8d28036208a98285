import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@lead-desk/test-support';
import { LIST_SCENARIOS, PHONE_SCENARIOS, SOURCE_FILTER_SCENARIOS } from './read-scenarios';
import { READS_WHILE_WRITING } from './writing-test';
import type { Spread } from './statistics';
import { lineChartSvg, type Series } from './svg-plot';

/** One scenario's figures for one database and size, as the scenario wrote them. */
type Row = { provider: 'sqlite' | 'postgresql'; size: number; scenario: string; [figure: string]: any };

export interface BenchReport {
  machine: { cpus: number; cpuModel: string; memoryGb: number; loadAverage: number[]; node: string; date: string };
  settings: { sizes: number[]; seconds: number; runs: number; connections: number; providers: string[]; scenarios?: string[] };
  totalMinutes: number;
  results: Row[];
}

const TEMPLATE = join(REPOSITORY_ROOT, 'bench/BENCHMARKS.template.md');
const OUTPUT = join(REPOSITORY_ROOT, 'BENCHMARKS.md');
const PLOTS = join(REPOSITORY_ROOT, 'bench/plots');
/** The run before the fixes described in BENCHMARKS.md, for the before/after table. */
const BEFORE = join(REPOSITORY_ROOT, 'bench/results/before-fixes.json');

/** Figures of the pipeline scenarios measured on their own (BENCH_SCENARIOS=pipeline,ingest), shown while latest.json has none. */
const PIPELINE_RESULTS = join(REPOSITORY_ROOT, 'bench/results/pipeline-1m.json');
/** The bulk job at a million leads, measured on its own when the run above has no bulk figures. */
const BULK_RESULTS = join(REPOSITORY_ROOT, 'bench/results/bulk-1m.json');
/** The possible duplicates' first page measured on its own (BENCH_SCENARIOS=duplicates), shown while the run above has none. */
const DUPLICATES_RESULTS = join(REPOSITORY_ROOT, 'bench/results/duplicates.json');

/**
 * The pipeline's reads and their p95 goals in ms (issue 14): the board and the filtered page
 * under the list's 32 connections, a lead's timeline as a few staff open it at once (its
 * figure under 32 connections is shown beside it, without a goal).
 */
const PIPELINE_GOALS: Record<string, number> = { 'board counts': 50, 'stage + owner page': 50, 'activity page, 4 at once': 20 };
const PIPELINE_SCENARIOS = ['board counts', 'stage + owner page', 'activity page', 'activity page, 4 at once'];
/** Possible duplicates' first page (issue 21) as an admin and as an agent sees it, in staff mode: p95 under 50 ms at a million leads. */
const DUPLICATES_SCENARIOS = ['duplicates first page, admin', 'duplicates first page, agent'];
const DUPLICATES_P95_GOAL_MS = 50;
/**
 * The speed-to-lead report (issue 23), measured on its own (BENCH_SCENARIOS=speed-report) at a million leads, with the
 * panel's periods kept ready and the aggregation off the event loop (the runs before that are quoted in the template).
 */
const SPEED_RESULTS = ['speed-report-1m.json'].map((file) => join(REPOSITORY_ROOT, 'bench/results', file));
const isSpeedScenario = (r: Row) => r.scenario.startsWith('speed to lead, ');
/** Follow-ups (issue 24), measured on their own (BENCH_SCENARIOS=tasks): a member's due lists and the calendar week, p95 under 50 ms at a million leads and 100,000 tasks. */
const TASKS_RESULTS = join(REPOSITORY_ROOT, 'bench/results/tasks.json');
const TASK_SCENARIOS = ['tasks due today, agent', 'tasks overdue, agent', 'calendar week of visits, agent', 'calendar week of visits, admin', 'calendar week of every type, agent', 'calendar week of every type, admin'];
const TASKS_P95_GOAL_MS = 50;
/** Vapi's questions during calls (issue 24), measured on their own (BENCH_SCENARIOS=agent-tools) at 100k and at a million leads: p95 under 300 ms at 20 a second. */
const AGENT_RESULTS = ['agent-tools.json', 'agent-tools-1m.json'].map((file) => join(REPOSITORY_ROOT, 'bench/results', file));
const isAgentScenario = (r: Row) => r.scenario.startsWith('agent: ');
const AGENT_P95_GOAL_MS = 300;
/** Beyond one machine (issue 26), measured on their own on PostgreSQL: ten million leads (BENCH_SIZES=10000000 BENCH_SCENARIOS=list,pipeline), and one to three instances behind HAProxy at a million (BENCH_SCENARIOS=instances). */
const TEN_MILLION_RESULTS = join(REPOSITORY_ROOT, 'bench/results/ten-million.json');
const INSTANCES_RESULTS = join(REPOSITORY_ROOT, 'bench/results/instances-1m.json');
const TEN_MILLION_SCENARIOS = ['first page', 'qualified + search', 'board counts', 'activity page'];
/** Reads while leads are written (BENCH_SCENARIOS=writing), measured on their own at a million leads. */
const WRITING_RESULTS = join(REPOSITORY_ROOT, 'bench/results/writing-1m.json');
const WRITING_SCENARIOS = Object.keys(READS_WHILE_WRITING);
const GOALS = { listP95Ms: 50, listBesideReport: 1.2, listRatio: 0.7, exportRatio: 0.5, exportMemoryMb: 200, exportMemoryFlatMb: 20, ingestPerSecond: 500, pageMs: 1500 };

const spreadText = (value: Spread, digits = 1) => `${value.median.toFixed(digits)} (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
const sizeText = (size: number) => (size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`);
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
const verdict = (met: boolean) => (met ? '**met**' : '**missed**');

const listRatio = (r: Row) => r.api.requestsPerSecond.median / r.baseline.requestsPerSecond.median;
const exportRatio = (r: Row) => r.api.megabytesPerSecond.median / r.baseline.megabytesPerSecond.median;

function sections(report: BenchReport): Record<string, string> {
  const rows = (scenario: string | string[]) => report.results.filter((r) => [scenario].flat().includes(r.scenario));
  const { machine, settings } = report;
  return {
    machine: `${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GiB memory, Node ${machine.node}; load average at the start ${machine.loadAverage.join(' / ')} (1 / 5 / 15 min).`,
    settings: `Measured ${machine.date.slice(0, 16).replace('T', ' ')} UTC: ${settings.providers.join(' and ')} at ${settings.sizes.map(sizeText).join(', ')} leads; ${settings.runs} runs of ${settings.seconds} s with ${settings.connections} connections per load figure; the whole run took ${report.totalMinutes.toFixed(0)} minutes.`,
    fill: table(
      ['database', 'leads', 'fill s', 'on disk', 'load average during the size'],
      rows('fill').map((r) => [r.provider, sizeText(r.size), r.seconds.toFixed(1), r.bytesOnDisk === undefined ? '(not recorded then)' : `${(r.bytesOnDisk / 1024 ** 3).toFixed(2)} GiB`, loadDuring(report, r)]),
    ),
    list: table(
      ['database', 'leads', 'query', 'API req/s', 'baseline req/s', 'ratio', 'API p50 ms', 'API p95 ms', 'API p99 ms', 'baseline p95 ms', 'errors'],
      rows(LIST_SCENARIOS).map((r) => [
        r.provider, sizeText(r.size), r.scenario, spreadText(r.api.requestsPerSecond, 0), spreadText(r.baseline.requestsPerSecond, 0),
        percent(listRatio(r)), r.api.p50.median.toFixed(1), spreadText(r.api.p95), r.api.p99.median.toFixed(1), r.baseline.p95.median.toFixed(1),
        String(r.api.errors + r.baseline.errors),
      ]),
    ),
    export: table(
      ['database', 'leads', 'rows', 'size MB', 'API MB/s', 'native MB/s', 'ratio', 'API peak memory MB', 'API memory before MB', 'added by the export MB'],
      rows('export').map((r) => [
        r.provider, sizeText(r.size), String(r.api.rows), r.api.megabytes.toFixed(1), spreadText(r.api.megabytesPerSecond), spreadText(r.baseline.megabytesPerSecond),
        percent(exportRatio(r)), spreadText(r.api.peakMemoryMb, 0), r.api.idleMemoryMb.toFixed(0), (r.api.peakMemoryMb.median - r.api.idleMemoryMb).toFixed(0),
      ]),
    ),
    ingest: table(
      ['database', 'leads', 'accepted/s', 'p99 ms', 'accepted', 'processed (200)', 'stored for replay (202)', 'refused', 'found in the database', 'lost', 'new leads routed'],
      rows('webhook ingest').map((r) => [
        r.provider, sizeText(r.size), spreadText(r.acceptedPerSecond, 0), spreadText(r.p99, 0), String(r.accepted), String(r.processed),
        String(r.storedForReplay), String(r.refused), String(r.found), String(r.lost), routedText(r),
      ]),
    ),
    pipeline: pipelineSection(report),
    'source-filter': rows(SOURCE_FILTER_SCENARIOS).length > 0 ? readsTable(rows(SOURCE_FILTER_SCENARIOS), settings) : '(not measured in this run: `BENCH_SCENARIOS=filters pnpm bench`)',
    bulk: bulkSection(report),
    duplicates: duplicatesSection(report),
    'speed-to-lead': speedToLeadSection(report),
    tasks: tasksSection(report),
    'agent-tools': agentToolsSection(report),
    'ten-million': tenMillionSection(),
    instances: instancesSection(),
    writing: writingSection(report),
    page: table(
      ['database', 'leads', 'main bundle kB gzip', 'voice chunk kB gzip', 'navigation → first lead card ms'],
      rows('page').map((r) => [
        r.provider, sizeText(r.size), r.mainBundleKbGzip.toFixed(1), r.voiceChunkKbGzip.toFixed(1), r.firstLeadCardMs ? spreadText(r.firstLeadCardMs, 0) : `not measured: ${r.note}`,
      ]),
    ),
    goals: goalsTable(report),
    'before-after': existsSync(BEFORE) ? beforeAfterTable(JSON.parse(readFileSync(BEFORE, 'utf8')) as BenchReport, report) : '(no bench/results/before-fixes.json)',
  };
}

/** The bulk stage change: from this run, or from the separate million-lead run while this one has none. */
function bulkSection(report: BenchReport): string {
  const own = report.results.filter((r) => r.scenario === 'bulk stage change');
  const separate = own.length === 0 && existsSync(BULK_RESULTS) ? (JSON.parse(readFileSync(BULK_RESULTS, 'utf8')) as BenchReport) : null;
  const rows = separate ? separate.results.filter((r) => r.scenario === 'bulk stage change') : own;
  if (rows.length === 0) return '(not measured in this run: `BENCH_SCENARIOS=bulk pnpm bench`)';
  const origin = separate
    ? `Measured on its own (\`bench/results/bulk-1m.json\`, ${separate.machine.date.slice(0, 16).replace('T', ' ')} UTC; load average at the start ${separate.machine.loadAverage.join(' / ')}), not in the run above.\n\n`
    : '';
  return (
    origin +
    table(
      ['database', 'leads', 'selected', 'changed', 'skipped', 'request → succeeded s', 'job s', 'list p95 ms while it ran', 'list p99 ms', 'list req/s', 'errors', 'load average'],
      rows.map((r) => [
        r.provider, sizeText(r.size), String(r.selected), String(r.changed), String(r.skipped), r.wallSeconds.toFixed(1), r.jobSeconds.toFixed(1),
        r.listWhileRunning.p95.toFixed(1), r.listWhileRunning.p99.toFixed(1), r.listWhileRunning.requestsPerSecond.toFixed(0),
        String(r.listWhileRunning.errors + r.listWhileRunning.non2xx), String(r.loadAverage1m),
      ]),
    )
  );
}

/** The report holding some scenarios' figures: this one, or the run saved apart in `file` while this one has none. */
function reportWith(report: BenchReport, scenarios: string[], file: string): { source: BenchReport; separate: boolean } | null {
  if (report.results.some((r) => scenarios.includes(r.scenario))) return { source: report, separate: false };
  if (!existsSync(file)) return null;
  return { source: JSON.parse(readFileSync(file, 'utf8')) as BenchReport, separate: true };
}

const duplicatesReport = (report: BenchReport) => reportWith(report, DUPLICATES_SCENARIOS, DUPLICATES_RESULTS);

function duplicatesSection(report: BenchReport): string {
  const found = duplicatesReport(report);
  if (!found) return '(not measured: run `BENCH_SCENARIOS=duplicates pnpm bench`)';
  const { source, separate } = found;
  const origin = separate
    ? `Measured on its own (\`bench/results/duplicates.json\`, ${source.machine.date.slice(0, 16).replace('T', ' ')} UTC, ${source.settings.runs} runs of ${source.settings.seconds} s; load average at the start ${source.machine.loadAverage.join(' / ')}), not in the run above.\n\n`
    : '';
  const pairs = table(
    ['database', 'leads', 'viewer', 'pairs on the page', 'connections', 'API req/s', 'API p50 ms', 'API p95 ms', 'API p99 ms', 'errors', 'load average'],
    source.results.filter((r) => DUPLICATES_SCENARIOS.includes(r.scenario)).map((r) => [
      r.provider, sizeText(r.size), r.scenario.replace('duplicates first page, ', ''), String(r.pairsOnFirstPage), String(r.connections), spreadText(r.api.requestsPerSecond, 0),
      r.api.p50.median.toFixed(1), spreadText(r.api.p95), r.api.p99.median.toFixed(1), String(r.api.errors), String(r.loadAverage1m),
    ]),
  );
  // A separate run shows the list's scenarios (the phone search's among them) and the Source filter's too, if it ran them: the yardstick of how busy the machine was.
  const reads = separate ? source.results.filter((r) => [...LIST_SCENARIOS, ...SOURCE_FILTER_SCENARIOS].includes(r.scenario)) : [];
  return origin + pairs + (reads.length > 0 ? `\n\nThe list and the Source filter in the same run (open mode):\n\n${readsTable(reads, source.settings)}` : '');
}

/** The speed-to-lead rows: this run's, or the runs saved apart (100k and 1M) while this one has none. */
function speedToLeadRuns(report: BenchReport): BenchReport[] {
  if (report.results.some(isSpeedScenario)) return [report];
  return SPEED_RESULTS.filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchReport);
}

function speedToLeadSection(report: BenchReport): string {
  const runs = speedToLeadRuns(report);
  if (runs.length === 0) return '(not measured: run `BENCH_SCENARIOS=speed-report pnpm bench`)';
  const origin = runs[0] === report ? '' : `Measured on their own (${runs.map((run) => `${sizeText(Math.max(...run.settings.sizes))} ${run.machine.date.slice(0, 16).replace('T', ' ')} UTC, ${run.settings.runs} runs of ${run.settings.seconds} s, load average at the start ${run.machine.loadAverage.join(' / ')}`).join('; ')}), not in the run above.\n\n`;
  const speedRows = runs.flatMap((run) => run.results.filter(isSpeedScenario));
  const reports = table(
    ['database', 'leads', 'scenario', 'leads in the period', "first request ms (the panel's period)", 'answered from a kept report', 'aggregation ms (a period nobody asked for)', 'connections', 'API req/s', 'API p50 ms', 'API p95 ms', 'API p99 ms', 'errors', 'load average'],
    speedRows.map((r) => [
      r.provider, sizeText(r.size), r.scenario.replace('speed to lead, ', ''), String(r.leadsInPeriod), r.listDuringAggregation ? '(none: chosen by hand)' : r.firstRequestMs.toFixed(0),
      r.listDuringAggregation ? 'no' : r.firstRequestKept ? 'yes' : 'no', r.aggregationMs.toFixed(0), String(r.connections),
      spreadText(r.api.requestsPerSecond, 0), r.api.p50.median.toFixed(1), spreadText(r.api.p95), r.api.p99.median.toFixed(1), String(r.api.errors), String(r.loadAverage1m),
    ]),
  );
  const whileAggregating = speedRows.filter((r) => r.listDuringAggregation);
  const list = table(
    ['database', 'leads', 'report aggregated', 'its aggregation s under the load', 'list p50 ms meanwhile', 'list p95 ms meanwhile', 'list p99 ms meanwhile', 'list req/s meanwhile', 'list p95 ms alone (as long, after)', 'list req/s alone', 'errors', 'load average'],
    whileAggregating.map((r) => {
      const { list: during, listAlone: alone, seconds } = r.listDuringAggregation;
      return [
        r.provider, sizeText(r.size), r.scenario.replace('speed to lead, ', ''), seconds.toFixed(1), during.p50.toFixed(1), during.p95.toFixed(1), during.p99.toFixed(1),
        during.requestsPerSecond.toFixed(0), alone.p95.toFixed(1), alone.requestsPerSecond.toFixed(0), String(during.errors + during.non2xx), String(r.loadAverage1m),
      ];
    }),
  );
  return `${origin}${reports}\n\nThe list's first page (\`GET /api/leads?limit=50\` as a signed-in admin, ${runs[0].settings.connections} connections as the list is measured) while a period's report is aggregated for its first request (the year's days in Asia/Kolkata, which nobody asked for before):\n\n${list}`;
}

const runOrigin = (run: BenchReport, file: string) =>
  `Measured on its own (\`${file}\`, ${run.machine.date.slice(0, 16).replace('T', ' ')} UTC, ${run.settings.runs} runs of ${run.settings.seconds} s; load average at the start ${run.machine.loadAverage.join(' / ')}).\n\n`;

/** A fill's seconds; a schema filled before the run (BENCH_FILLED_SCHEMAS) says so. */
const fillSecondsText = (r: Row) => (r.filledBefore ? `${r.seconds === null ? '—' : (r.seconds as number).toFixed(0)} (filled before the run)` : (r.seconds as number).toFixed(0));

/** Ten million leads on PostgreSQL: the fill, the size on disk, and the reads held to the million's goals. */
function tenMillionSection(): string {
  if (!existsSync(TEN_MILLION_RESULTS)) return '(not measured: `BENCH_SIZES=10000000 BENCH_PROVIDERS=postgresql BENCH_SCENARIOS=list,pipeline BENCH_RESULTS_FILE=bench/results/ten-million.json pnpm bench`)';
  const run = JSON.parse(readFileSync(TEN_MILLION_RESULTS, 'utf8')) as BenchReport;
  const fill = run.results.filter((r) => r.scenario === 'fill');
  const reads = run.results.filter((r) => TEN_MILLION_SCENARIOS.includes(r.scenario));
  return (
    runOrigin(run, 'bench/results/ten-million.json') +
    table(
      ['database', 'leads', 'fill s', 'on disk (tables, indexes)', 'load average'],
      fill.map((r) => [r.provider, sizeText(r.size), fillSecondsText(r), `${(r.bytesOnDisk / 1024 ** 3).toFixed(1)} GiB`, String(r.loadAverage1m)]),
    ) +
    '\n\n' +
    table(
      ['database', 'leads', 'read', 'first request alone ms', 'connections', 'API req/s', 'API p50 ms', 'API p95 ms', 'API p99 ms', 'goal p95 ms', 'errors', 'load average'],
      reads.map((r) => [
        r.provider, sizeText(r.size), r.scenario, r.coldMs === undefined ? '—' : (r.coldMs as number).toFixed(0), String(r.connections ?? run.settings.connections), spreadText(r.api.requestsPerSecond, 0), r.api.p50.median.toFixed(1),
        spreadText(r.api.p95), r.api.p99.median.toFixed(1), `${GOALS.listP95Ms} ${verdict(r.api.p95.median < GOALS.listP95Ms)}`, String(r.api.errors), String(r.loadAverage1m),
      ]),
    )
  );
}

/** One, two and three instances behind HAProxy at a million leads: throughput, p95 and the cores each took. */
function instancesSection(): string {
  if (!existsSync(INSTANCES_RESULTS)) return '(not measured: `BENCH_SIZES=1000000 BENCH_PROVIDERS=postgresql BENCH_SCENARIOS=instances BENCH_RESULTS_FILE=bench/results/instances-1m.json pnpm bench`)';
  const run = JSON.parse(readFileSync(INSTANCES_RESULTS, 'utf8')) as BenchReport;
  const cores = (r: Row) => (r.apiCores as number[] | Spread | undefined) ?? [];
  const list = run.results.filter((r) => r.scenario === 'instances: list first page');
  const ingest = run.results.filter((r) => r.scenario === 'instances: webhook ingest');
  return (
    runOrigin(run, 'bench/results/instances-1m.json') +
    run.results
      .filter((r) => r.scenario === 'fill')
      .map((r) => `The data set: ${sizeText(r.size)} leads filled in ${r.seconds.toFixed(0)} s, ${(r.bytesOnDisk / 1024 ** 3).toFixed(2)} GiB of tables and indexes.\n\n`)
      .join('') +
    table(
      ['instances', 'list req/s', 'list p95 ms', "instances' cores (sum)", "proxy's cores", "PostgreSQL's cores", 'API CPU ms per request', 'PostgreSQL CPU ms per request', 'errors', 'load average'],
      list.map((r) => [
        String(r.instances), spreadText(r.requestsPerSecond, 0), spreadText(r.p95), spreadText(cores(r) as Spread, 2), spreadText(r.proxyCores, 2), spreadText(r.databaseCores, 2),
        spreadText(r.apiCpuMsPerRequest, 2), spreadText(r.databaseCpuMsPerRequest, 2), String(r.errors), String(r.loadAverage1m),
      ]),
    ) +
    '\n\n' +
    table(
      ['instances', 'webhooks accepted/s', 'p99 ms', 'accepted', 'lost', "each instance's cores", "proxy's cores", "PostgreSQL's cores", 'load average'],
      ingest.map((r) => [
        String(r.instances), spreadText(r.acceptedPerSecond, 0), spreadText(r.p99, 0), String(r.accepted), String(r.lost), (r.apiCores as number[]).map((c) => c.toFixed(2)).join(' / '),
        (r.proxyCores as number).toFixed(2), (r.databaseCores as number).toFixed(2), String(r.loadAverage1m),
      ]),
    )
  );
}

/** The agent's questions: from this run, or from the runs made of them alone (100k, then a million). */
function agentToolsRuns(report: BenchReport): BenchReport[] {
  if (report.results.some(isAgentScenario)) return [report];
  return AGENT_RESULTS.filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchReport);
}

function agentToolsSection(report: BenchReport): string {
  const runs = agentToolsRuns(report);
  if (runs.length === 0) return '(not measured: run `BENCH_SCENARIOS=agent-tools pnpm bench`)';
  const origin = runs[0] === report ? '' : `Measured on their own (${runs.map((run) => `${sizeText(Math.max(...run.settings.sizes))} ${run.machine.date.slice(0, 16).replace('T', ' ')} UTC, load average at the start ${run.machine.loadAverage.join(' / ')}`).join('; ')}), not in the run above.\n\n`;
  const outcomes = (r: Row) => Object.entries(r.outcomes as Record<string, number>).map(([outcome, count]) => `${count} ${outcome}`).join(', ');
  return (
    origin +
    table(
      ['database', 'leads', 'message', 'requests', 'per second', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'failed', 'answers', 'load average'],
      runs.flatMap((run) => run.results.filter(isAgentScenario)).map((r) => [
        r.provider, sizeText(r.size), r.scenario.replace('agent: ', ''), String(r.requests), String(r.requestsPerSecond), r.p50Ms.toFixed(0), r.p95Ms.toFixed(0), r.p99Ms.toFixed(0), r.maxMs.toFixed(0),
        String(r.failed), outcomes(r), String(r.loadAverage1m),
      ]),
    )
  );
}

const tasksReport = (report: BenchReport) => reportWith(report, TASK_SCENARIOS, TASKS_RESULTS);

function tasksSection(report: BenchReport): string {
  const found = tasksReport(report);
  if (!found) return '(not measured: run `BENCH_SCENARIOS=tasks pnpm bench`)';
  const { source, separate } = found;
  const origin = separate
    ? `Measured on its own (\`bench/results/tasks.json\`, ${source.machine.date.slice(0, 16).replace('T', ' ')} UTC, ${source.settings.runs} runs of ${source.settings.seconds} s; load average at the start ${source.machine.loadAverage.join(' / ')}), not in the run above.\n\n`
    : '';
  return (
    origin +
    table(
      ['database', 'leads', 'tasks', 'scenario', 'tasks shown (of)', 'answer kB', 'connections', 'API req/s', 'API p50 ms', 'API p95 ms', 'API p99 ms', 'errors', 'load average'],
      source.results.filter((r) => TASK_SCENARIOS.includes(r.scenario)).map((r) => [
        r.provider, sizeText(r.size), String(r.tasks), r.scenario, `${r.shown} (${r.total})`, (r.bytes / 1024).toFixed(0), String(r.connections),
        spreadText(r.api.requestsPerSecond, 0), r.api.p50.median.toFixed(1), spreadText(r.api.p95), r.api.p99.median.toFixed(1), String(r.api.errors), String(r.loadAverage1m),
      ]),
    )
  );
}

function writingSection(report: BenchReport): string {
  const found = reportWith(report, WRITING_SCENARIOS, WRITING_RESULTS);
  if (!found) return '(not measured: run `BENCH_SCENARIOS=writing pnpm bench`)';
  const { source, separate } = found;
  const origin = separate
    ? `Measured on their own (\`bench/results/writing-1m.json\`, ${source.machine.date.slice(0, 16).replace('T', ' ')} UTC, ${source.settings.runs} runs of ${source.settings.seconds} s each way; load average at the start ${source.machine.loadAverage.join(' / ')}), not in the run above.\n\n`
    : '';
  return (
    origin +
    table(
      ['database', 'leads', 'read', 'connections', 'req/s alone', 'p95 ms alone', 'req/s while writing', 'p95 ms while writing', 'p99 ms while writing', 'errors', 'leads written (refused)', 'write p50 / p95 ms', 'runs whose next count had every lead written', 'load average'],
      source.results.filter((r) => WRITING_SCENARIOS.includes(r.scenario)).map((r) => [
        r.provider, sizeText(r.size), `\`${r.path}\`, ${r.writesPerSecond} leads/s written`, String(r.connections), spreadText(r.alone.requestsPerSecond, 0), spreadText(r.alone.p95),
        spreadText(r.api.requestsPerSecond, 0), spreadText(r.api.p95), r.api.p99.median.toFixed(1), String(r.alone.errors + r.api.errors), `${r.writes.created} (${r.writes.failed})`,
        `${r.writes.p50.toFixed(0)} / ${r.writes.p95.toFixed(0)}`, `${r.countedAfterWrites} of ${r.runs}`, String(r.loadAverage1m),
      ]),
    )
  );
}

/** How many of the leads the ingest created got an agent by round-robin (runs before the pipeline issue did not count them). */
const routedText = (r: Row) => (r.newLeads === undefined ? 'not counted' : `${r.routed} of ${r.newLeads}`);

/** The report holding the pipeline's figures: this one, or the separate pipeline run while this one has none. */
const pipelineReport = (report: BenchReport) => reportWith(report, PIPELINE_SCENARIOS, PIPELINE_RESULTS);

function pipelineSection(report: BenchReport): string {
  const found = pipelineReport(report);
  if (!found) return '(not measured: run `BENCH_SCENARIOS=pipeline pnpm bench`)';
  const { source, separate } = found;
  const { machine, settings } = source;
  const origin = separate
    ? `Measured on their own (\`bench/results/pipeline-1m.json\`, ${machine.date.slice(0, 16).replace('T', ' ')} UTC, scenarios ${settings.scenarios?.join(', ') ?? 'all'}; load average at the start ${machine.loadAverage.join(' / ')}), not in the run above.\n\n`
    : '';
  // A separate run shows the list's own scenarios too, if it ran them: the yardstick of how busy the machine was.
  const shown = [...PIPELINE_SCENARIOS, ...(separate ? [...LIST_SCENARIOS, 'webhook ingest'] : [])];
  const rows = source.results.filter((r) => shown.includes(r.scenario));
  const reads = readsTable(rows.filter((r) => r.scenario !== 'webhook ingest'), settings);
  const ingest = rows.filter((r) => r.scenario === 'webhook ingest');
  if (ingest.length === 0) return origin + reads;
  return `${origin}${reads}\n\nWebhook ingest with round-robin on, in the same run:\n\n${table(
    ['database', 'leads', 'accepted/s', 'p99 ms', 'accepted', 'lost', 'new leads routed', 'load average'],
    ingest.map((r) => [r.provider, sizeText(r.size), spreadText(r.acceptedPerSecond, 0), spreadText(r.p99, 0), String(r.accepted), String(r.lost), routedText(r), String(r.loadAverage1m)]),
  )}`;
}

/** Reads of the API under load, each row one route (a list scenario from section 1 shown as the yardstick). */
function readsTable(rows: Row[], settings: BenchReport['settings']): string {
  return table(
    ['database', 'leads', 'scenario', 'route', 'connections', 'API req/s', 'API p50 ms', 'API p95 ms', 'API p99 ms', 'baseline p95 ms', 'errors', 'load average'],
    rows.map((r) => [
      r.provider, sizeText(r.size), LIST_SCENARIOS.includes(r.scenario) ? `list "${r.scenario}" (yardstick)` : r.scenario,
      r.path ? `\`${r.path.replace(/\/api\/leads\/[0-9a-f-]{36}\//, '/api/leads/:id/')}\`` : 'as in section 1', String(r.connections ?? settings.connections), spreadText(r.api.requestsPerSecond, 0),
      r.api.p50.median.toFixed(1), spreadText(r.api.p95), r.api.p99.median.toFixed(1), r.baseline ? r.baseline.p95.median.toFixed(1) : '—',
      String(r.api.errors + (r.baseline?.errors ?? 0)), String(r.loadAverage1m),
    ]),
  );
}

/** The 1-minute load average the scenarios of one database and size were measured under. */
function loadDuring(report: BenchReport, fill: Row): string {
  const loads = report.results.filter((r) => r.provider === fill.provider && r.size === fill.size).map((r) => r.loadAverage1m as number);
  return `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
}

function goalsTable(report: BenchReport): string {
  const largest = Math.max(...report.settings.sizes);
  const at = (scenario: string | string[], size = largest) => report.results.filter((r) => [scenario].flat().includes(r.scenario) && r.size === size);
  const lines: string[][] = [];
  for (const r of at(LIST_SCENARIOS)) {
    lines.push([`list "${r.scenario}", ${r.provider}: p95 < ${GOALS.listP95Ms} ms`, `${r.api.p95.median.toFixed(1)} ms`, verdict(r.api.p95.median < GOALS.listP95Ms)]);
    lines.push([`list "${r.scenario}", ${r.provider}: ≥ ${percent(GOALS.listRatio)} of the baseline's req/s`, percent(listRatio(r)), verdict(listRatio(r) >= GOALS.listRatio)]);
  }
  for (const r of at('export')) {
    lines.push([`export, ${r.provider}: ≥ ${percent(GOALS.exportRatio)} of the native export's MB/s`, percent(exportRatio(r)), verdict(exportRatio(r) >= GOALS.exportRatio)]);
    const peaks = report.results.filter((x) => x.scenario === 'export' && x.provider === r.provider).map((x) => x.api.peakMemoryMb.max as number);
    lines.push([`export, ${r.provider}: peak memory < ${GOALS.exportMemoryMb} MB at every size`, `${Math.max(...peaks).toFixed(0)} MB`, verdict(Math.max(...peaks) < GOALS.exportMemoryMb)]);
    const smaller = at('export', largest / 10).find((x) => x.provider === r.provider);
    if (smaller) {
      const growth = r.api.peakMemoryMb.median - smaller.api.peakMemoryMb.median;
      const added = (x: Row) => (x.api.peakMemoryMb.median - x.api.idleMemoryMb).toFixed(0);
      lines.push([
        `export, ${r.provider}: the same peak memory at ${sizeText(smaller.size)} and ${sizeText(largest)} (within ${GOALS.exportMemoryFlatMb} MB)`,
        `${smaller.api.peakMemoryMb.median.toFixed(0)} → ${r.api.peakMemoryMb.median.toFixed(0)} MB (added by the export: ${added(smaller)} → ${added(r)} MB)`,
        verdict(Math.abs(growth) <= GOALS.exportMemoryFlatMb),
      ]);
    }
  }
  const ingestGoals = (r: Row, label = '') => {
    lines.push([`webhook ingest${label}, ${r.provider}: ≥ ${GOALS.ingestPerSecond} accepted/s`, `${r.acceptedPerSecond.median.toFixed(0)}/s`, verdict(r.acceptedPerSecond.median >= GOALS.ingestPerSecond)]);
    lines.push([`webhook ingest${label}, ${r.provider}: zero loss`, `${r.lost} lost of ${r.accepted}`, verdict(r.lost === 0)]);
    if (r.newLeads !== undefined) {
      lines.push([`webhook ingest${label}, ${r.provider}: every new lead routed to an agent (round-robin on)`, routedText(r), verdict(r.routed === r.newLeads)]);
    }
  };
  for (const r of at('webhook ingest')) ingestGoals(r);
  const pipeline = pipelineReport(report);
  if (pipeline) {
    const label = pipeline.separate ? ' (pipeline run)' : '';
    const pipelineAt = (scenarios: string[]) =>
      pipeline.source.results.filter((r) => scenarios.includes(r.scenario) && r.size === Math.max(...pipeline.source.settings.sizes));
    for (const r of pipelineAt(Object.keys(PIPELINE_GOALS))) {
      const goal = PIPELINE_GOALS[r.scenario];
      lines.push([`${r.scenario}${label}, ${r.provider}: p95 < ${goal} ms`, `${r.api.p95.median.toFixed(1)} ms`, verdict(r.api.p95.median < goal)]);
    }
    if (pipeline.separate) for (const r of pipelineAt(['webhook ingest'])) ingestGoals(r, label);
  }
  const duplicates = duplicatesReport(report);
  if (duplicates) {
    const size = Math.max(...duplicates.source.settings.sizes);
    const label = duplicates.separate ? ` (separate run at ${sizeText(size)})` : '';
    for (const r of duplicates.source.results.filter((x) => DUPLICATES_SCENARIOS.includes(x.scenario) && x.size === size)) {
      lines.push([`${r.scenario}${label}, ${r.provider}: p95 < ${DUPLICATES_P95_GOAL_MS} ms`, `${r.api.p95.median.toFixed(1)} ms`, verdict(r.api.p95.median < DUPLICATES_P95_GOAL_MS)]);
    }
    // The phone search and the Source filter are held to the list's latency goal (issue 21), measured in the same run when it is separate.
    if (duplicates.separate) {
      for (const r of duplicates.source.results.filter((x) => [...PHONE_SCENARIOS, ...SOURCE_FILTER_SCENARIOS].includes(x.scenario) && x.size === size)) {
        const name = PHONE_SCENARIOS.includes(r.scenario) ? `list "${r.scenario}"` : r.scenario;
        lines.push([`${name}${label}, ${r.provider}: p95 < ${GOALS.listP95Ms} ms`, `${r.api.p95.median.toFixed(1)} ms`, verdict(r.api.p95.median < GOALS.listP95Ms)]);
      }
    }
  }
  // The speed-to-lead report is held to the list's latency goal at its largest size (issue 23): served under load, its first
  // request where the panel asks for it (kept ready), and, apart, the first request of a period nobody asked for (the
  // aggregation itself); and the list while a year's report is aggregated (the API answers meanwhile).
  const speedRuns = speedToLeadRuns(report);
  const speedSize = Math.max(...speedRuns.flatMap((run) => run.settings.sizes));
  for (const run of speedRuns) {
    const label = run === report ? '' : ` (separate run at ${sizeText(speedSize)})`;
    for (const r of run.results.filter((x) => isSpeedScenario(x) && x.size === speedSize)) {
      // A load that got no answer (every request timed out) has no p95 to meet.
      const served = r.api.errors === 0 && r.api.requestsPerSecond.median > 0;
      lines.push([`${r.scenario}${label}, ${r.provider}: p95 < ${GOALS.listP95Ms} ms`, served ? `${r.api.p95.median.toFixed(1)} ms` : `${r.api.errors} errors`, verdict(served && r.api.p95.median < GOALS.listP95Ms)]);
      if (!r.listDuringAggregation) {
        const kept = r.firstRequestKept ? 'kept' : 'not kept: aggregated';
        lines.push([`${r.scenario}${label}, ${r.provider}: first request of the panel's period < ${GOALS.listP95Ms} ms`, `${r.firstRequestMs.toFixed(0)} ms (${kept})`, verdict(r.firstRequestMs < GOALS.listP95Ms)]);
      }
      lines.push([`${r.scenario}${label}, ${r.provider}: first request of a period nobody asked for (nothing kept) < ${GOALS.listP95Ms} ms`, `${r.aggregationMs.toFixed(0)} ms`, verdict(r.aggregationMs < GOALS.listP95Ms)]);
      if (r.listDuringAggregation) {
        const { list: during, listAlone: alone } = r.listDuringAggregation;
        const answered = during.errors + during.non2xx === 0;
        const meanwhile = `list "first page" (staff mode) while ${r.scenario.replace('speed to lead, ', '').replace(/, admin$/, '')}'s report is aggregated${label}, ${r.provider}`;
        const figure = answered ? `${during.p95.toFixed(1)} ms (alone: ${alone.p95.toFixed(1)} ms)` : `${during.errors + during.non2xx} errors`;
        lines.push([`${meanwhile}: p95 < ${GOALS.listP95Ms} ms`, figure, verdict(answered && during.p95 < GOALS.listP95Ms)]);
        // No stall: the list as fast as alone, as long, right after.
        lines.push([`${meanwhile}: p95 within ${percent(GOALS.listBesideReport - 1)} of the list alone`, figure, verdict(answered && during.p95 <= alone.p95 * GOALS.listBesideReport)]);
      }
    }
  }
  // A member's due lists and the calendar week (issue 24), at the largest size measured.
  const tasks = tasksReport(report);
  if (tasks) {
    const label = tasks.separate ? ' (tasks run)' : '';
    const tasksSize = Math.max(...tasks.source.settings.sizes);
    for (const r of tasks.source.results.filter((x) => TASK_SCENARIOS.includes(x.scenario) && x.size === tasksSize)) {
      lines.push([`${r.scenario}${label} at ${sizeText(r.size)} leads and ${r.tasks} tasks, ${r.provider}: p95 < ${TASKS_P95_GOAL_MS} ms`, `${r.api.p95.median.toFixed(1)} ms`, verdict(r.api.errors === 0 && r.api.p95.median < TASKS_P95_GOAL_MS)]);
    }
  }
  // Vapi's questions during calls (issue 24), at the largest size measured: p95 < 300 ms at 20 a second, none failed.
  const agentRuns = agentToolsRuns(report);
  const agentSize = Math.max(...agentRuns.flatMap((run) => run.settings.sizes));
  for (const run of agentRuns) {
    const label = run === report ? '' : ` (separate run at ${sizeText(agentSize)})`;
    for (const r of run.results.filter((x) => isAgentScenario(x) && x.size === agentSize)) {
      lines.push([`${r.scenario}${label} at ${r.requestsPerSecond}/s, ${r.provider}: p95 < ${AGENT_P95_GOAL_MS} ms`, `${r.p95Ms.toFixed(0)} ms`, verdict(r.failed === 0 && r.p95Ms < AGENT_P95_GOAL_MS)]);
    }
  }
  // The Source filter's reads are held to the list's latency goal (issue 21).
  for (const r of at(SOURCE_FILTER_SCENARIOS)) {
    lines.push([`${r.scenario}, ${r.provider}: p95 < ${GOALS.listP95Ms} ms`, `${r.api.p95.median.toFixed(1)} ms`, verdict(r.api.p95.median < GOALS.listP95Ms)]);
  }
  for (const r of at('page')) {
    lines.push([
      `page, ${r.provider}: first lead card < ${GOALS.pageMs} ms`,
      r.firstLeadCardMs ? `${r.firstLeadCardMs.median.toFixed(0)} ms` : `not measured (${r.note})`,
      r.firstLeadCardMs ? verdict(r.firstLeadCardMs.median < GOALS.pageMs) : '**not measured**',
    ]);
  }
  return table([`goal (at ${sizeText(largest)} leads)`, 'reached (median)', ''], lines);
}

function beforeAfterTable(before: BenchReport, after: BenchReport): string {
  const lines: string[][] = [];
  const largest = Math.max(...after.settings.sizes);
  for (const a of after.results.filter((r) => r.size === largest)) {
    const b = before.results.find((r) => r.provider === a.provider && r.size === a.size && r.scenario === a.scenario);
    if (!b) continue;
    const name = `${a.provider}, ${a.scenario}`;
    if (LIST_SCENARIOS.includes(a.scenario)) {
      lines.push([name, 'API req/s', b.api.requestsPerSecond.median.toFixed(0), a.api.requestsPerSecond.median.toFixed(0)]);
      lines.push([name, 'API p95 ms', b.api.p95.median.toFixed(1), a.api.p95.median.toFixed(1)]);
      lines.push([name, 'ratio to the baseline', percent(listRatio(b)), percent(listRatio(a))]);
    } else if (a.scenario === 'export') {
      lines.push([name, 'API MB/s', b.api.megabytesPerSecond.median.toFixed(1), a.api.megabytesPerSecond.median.toFixed(1)]);
      lines.push([name, 'ratio to the native export', percent(exportRatio(b)), percent(exportRatio(a))]);
      lines.push([name, 'API peak memory MB', b.api.peakMemoryMb.median.toFixed(0), a.api.peakMemoryMb.median.toFixed(0)]);
    } else if (a.scenario === 'webhook ingest') {
      lines.push([name, 'accepted/s', b.acceptedPerSecond.median.toFixed(0), a.acceptedPerSecond.median.toFixed(0)]);
      lines.push([name, 'p99 ms', b.p99.median.toFixed(0), a.p99.median.toFixed(0)]);
    }
  }
  return `Before: ${before.machine.date.slice(0, 10)}; after: ${after.machine.date.slice(0, 10)}; both at ${sizeText(largest)} leads, medians.\n\n${table(['scenario', 'figure', 'before', 'after'], lines)}`;
}

/** Writes the plots; returns their Markdown images. */
function writePlots(report: BenchReport): string {
  const seriesOf = (rows: Row[], label: (r: Row) => string, y: (r: Row) => number | undefined, style: Partial<Series> = {}): Series[] => {
    const groups = new Map<string, Series>();
    for (const r of rows) {
      const value = y(r);
      if (value === undefined) continue;
      const key = label(r);
      if (!groups.has(key)) groups.set(key, { label: key, points: [], ...style, group: style.group ?? key.replace(/ \(.*\)$/, '') });
      groups.get(key)!.points.push({ x: r.size, y: value });
    }
    return [...groups.values()];
  };
  const rows = (scenarios: string[], provider?: string) =>
    report.results.filter((r) => scenarios.includes(r.scenario) && (!provider || r.provider === provider));
  const images: string[] = [];
  const plot = (file: string, title: string, yLabel: string, series: Series[]) => {
    if (series.length === 0) return;
    writeFileSync(join(PLOTS, file), `${lineChartSvg(title, yLabel, series)}\n`);
    images.push(`![${title}](bench/plots/${file})`);
  };
  mkdirSync(PLOTS, { recursive: true });
  for (const provider of report.settings.providers) {
    plot(`list-p95-${provider}.svg`, `List and search on ${provider}: p95 latency`, 'p95 ms', [
      ...seriesOf(rows(LIST_SCENARIOS, provider), (r) => `${r.scenario} (API)`, (r) => r.api.p95.median),
      ...seriesOf(rows(LIST_SCENARIOS, provider), (r) => `${r.scenario} (baseline)`, (r) => r.baseline.p95.median, { dashed: true }),
    ]);
  }
  plot('export-speed.svg', 'Export: speed, API and native CSV', 'MB/s', [
    ...seriesOf(rows(['export']), (r) => `${r.provider} (API)`, (r) => r.api.megabytesPerSecond.median),
    ...seriesOf(rows(['export']), (r) => `${r.provider} (native)`, (r) => r.baseline.megabytesPerSecond.median, { dashed: true }),
  ]);
  plot('export-memory.svg', 'Export: API peak memory', 'MB', seriesOf(rows(['export']), (r) => r.provider, (r) => r.api.peakMemoryMb.median));
  plot('webhook-p99.svg', 'Webhook ingest: p99 latency', 'p99 ms', seriesOf(rows(['webhook ingest']), (r) => r.provider, (r) => r.p99.median));
  plot('webhook-throughput.svg', 'Webhook ingest: accepted reports per second', 'accepted/s', seriesOf(rows(['webhook ingest']), (r) => r.provider, (r) => r.acceptedPerSecond.median));
  plot('page-first-lead-card.svg', 'Page: navigation to the first lead card', 'ms', seriesOf(rows(['page']), (r) => r.provider, (r) => r.firstLeadCardMs?.median));
  return images.join('\n\n');
}

/** Writes BENCHMARKS.md from its template (the narrative) and a report (the figures), and the plots. */
export function writeReport(report: BenchReport): void {
  const values: Record<string, string> = { ...sections(report), plots: writePlots(report) };
  const text = readFileSync(TEMPLATE, 'utf8').replace(/\{\{([a-z-]+)\}\}/g, (placeholder, name: string) => {
    if (!(name in values)) throw new Error(`${TEMPLATE} names ${placeholder}, which the report does not know`);
    return values[name];
  });
  writeFileSync(OUTPUT, text);
}
