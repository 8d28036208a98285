import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { HaproxyBalancer, startApi, type ServerProcess } from '@lead-desk/test-support';
import { loadTest, type LoadResult } from './load-test';
import { LIST_QUERIES } from './read-scenarios';
import { spread } from './statistics';
import { BENCH_WEBHOOK_SECRET, ingestWebhooks } from './webhook-test';

/** How many API instances stand behind the proxy, in turn (issue 26). */
export const INSTANCE_COUNTS = [1, 2, 3] as const;

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU seconds a process has used so far (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields counted from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** PostgreSQL's processes on this machine (the server and a backend per connection), by pid: their CPU seconds so far. */
function databaseCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') seconds.set(Number(entry), cpuSeconds(Number(entry)));
    } catch (error) {
      // A process that ended between the listing and the read has no time left to count; anything else is a failure.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  return seconds;
}

/** The share of one core each process took while `work` ran, PostgreSQL's (every backend, those opened meanwhile too), and the work's result. */
async function coresDuring<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; cores: number[]; databaseCores: number; seconds: number }> {
  const before = pids.map(cpuSeconds);
  const databaseBefore = databaseCpuSeconds();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  let databaseSeconds = 0;
  for (const [pid, now] of databaseCpuSeconds()) databaseSeconds += now - (databaseBefore.get(pid) ?? 0);
  return { result, seconds, cores: pids.map((pid, i) => (cpuSeconds(pid) - before[i]) / seconds), databaseCores: databaseSeconds / seconds };
}

interface InstancesOptions {
  databaseUrl: string;
  existingLeads: number;
  connections: number;
  seconds: number;
  runs: number;
  warmUpSeconds: number;
}

/**
 * One, two and three API instances on one PostgreSQL behind the compose file's HAProxy: the
 * list's first page and webhook ingest through the proxy, with the cores each instance and the
 * proxy took, and the API's CPU per request (what a machine with more cores can be reckoned from).
 */
export async function instancesScenarios(options: InstancesOptions, record: (row: { scenario: string } & Record<string, unknown>) => void): Promise<void> {
  for (const instances of INSTANCE_COUNTS) {
    const apis: ServerProcess[] = [];
    const balancer = new HaproxyBalancer();
    try {
      for (let i = 0; i < instances; i += 1) {
        // The webhook limit guards production from floods; the benchmark is the flood.
        apis.push(await startApi({ env: { DATABASE_URL: options.databaseUrl, LOG_LEVEL: 'error', VAPI_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET, WEBHOOK_LIMIT_PER_MINUTE: '100000000' } }));
      }
      await balancer.start(apis.map((api) => api.url));
      const pids = [...apis.map((api) => api.pid), balancer.pid];
      const perProcess = ({ cores, databaseCores }: { cores: number[]; databaseCores: number }) => ({ apiCores: cores.slice(0, instances), proxyCores: cores[instances], databaseCores });

      const listUrl = `${balancer.url}/api/leads?${LIST_QUERIES['first page']}`;
      await loadTest(listUrl, { connections: options.connections, seconds: options.warmUpSeconds });
      const listRuns: { load: LoadResult; apiCores: number[]; proxyCores: number; databaseCores: number }[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        const measured = await coresDuring(pids, () => loadTest(listUrl, { connections: options.connections, seconds: options.seconds }));
        listRuns.push({ load: measured.result, ...perProcess(measured) });
      }
      record({
        scenario: 'instances: list first page',
        instances,
        connections: options.connections,
        requestsPerSecond: spread(listRuns.map((r) => r.load.requestsPerSecond)),
        p95: spread(listRuns.map((r) => r.load.p95)),
        errors: listRuns.reduce((sum, r) => sum + r.load.errors + r.load.non2xx, 0),
        apiCores: spread(listRuns.map((r) => r.apiCores.reduce((a, b) => a + b, 0))),
        proxyCores: spread(listRuns.map((r) => r.proxyCores)),
        databaseCores: spread(listRuns.map((r) => r.databaseCores)),
        databaseCpuMsPerRequest: spread(listRuns.map((r) => (1000 * r.databaseCores) / r.load.requestsPerSecond)),
        apiCpuMsPerRequest: spread(listRuns.map((r) => (1000 * r.apiCores.reduce((a, b) => a + b, 0)) / r.load.requestsPerSecond)),
      });

      const ingest = await coresDuring(pids, () =>
        ingestWebhooks(balancer.url, options.databaseUrl, { connections: options.connections, seconds: options.seconds, runs: options.runs, warmUpSeconds: options.warmUpSeconds, existingLeads: options.existingLeads }),
      );
      record({ scenario: 'instances: webhook ingest', instances, connections: options.connections, ...ingest.result, ...perProcess(ingest), wholeSeconds: ingest.seconds });
    } finally {
      await balancer.stop();
      await Promise.all(apis.map((api) => api.stop()));
    }
  }
}
