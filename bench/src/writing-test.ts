import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadTest, summariseLoad, type LoadResult } from './load-test';
import { nearestRank } from './statistics';

/**
 * The reads whose answers carry counts, loaded while leads are written: every write moves the leads'
 * version, so the next count is counted again (at most RECOUNT_WAIT_MS waited for, then the previous
 * count answered). How to read each answer's total: the board's columns summed, the list's header.
 */
export const READS_WHILE_WRITING: Record<string, { path: string; total: (response: Response) => Promise<number> }> = {
  'board counts while writing': {
    path: '/api/leads/board',
    total: async (response) => ((await response.json()) as { count: number }[]).reduce((sum, column) => sum + column.count, 0),
  },
  'first page while writing': {
    path: '/api/leads?limit=50',
    total: async (response) => {
      await response.arrayBuffer();
      return Number(response.headers.get('X-Total-Count'));
    },
  },
};

interface WritingOptions {
  connections: number;
  seconds: number;
  runs: number;
  warmUpSeconds: number;
  writesPerSecond: number;
}

/** What a writer made: leads created, refused, and how long each create took. */
interface Writes {
  created: number;
  failed: number;
  latenciesMs: number[];
}

/**
 * Creates leads through POST /api/leads at a steady rate until stopped: each on time whatever the
 * ones before take (a slow answer does not slow the rate), each with a phone of its own.
 */
function startWriter(apiUrl: string, writesPerSecond: number): { stop: () => Promise<Writes> } {
  const writes: Writes = { created: 0, failed: 0, latenciesMs: [] };
  const pending = new Set<Promise<void>>();
  let stopped = false;
  const create = async (n: number) => {
    const started = performance.now();
    // +917…: apart from the generated leads' +919… and the webhook ingest's +918….
    const phone = `+917${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
    const response = await fetch(`${apiUrl}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Bench Writer ${n}`, phone, source: 'bench writer', location: 'Pune' }),
    });
    await response.arrayBuffer();
    writes.latenciesMs.push(performance.now() - started);
    if (response.status === 201) writes.created += 1;
    else writes.failed += 1;
  };
  const loop = (async () => {
    const started = performance.now();
    for (let n = 0; !stopped; n += 1) {
      const write = create(n).catch((error: unknown) => {
        console.error(`bench writer: POST /api/leads #${n} failed`, error);
        writes.failed += 1;
      });
      pending.add(write);
      void write.finally(() => pending.delete(write));
      await sleep(Math.max(0, started + ((n + 1) * 1000) / writesPerSecond - performance.now()));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      await Promise.all(pending);
      return writes;
    },
  };
}

async function totalOf(apiUrl: string, read: (typeof READS_WHILE_WRITING)[string]): Promise<number> {
  const response = await fetch(`${apiUrl}${read.path}`);
  if (!response.ok) throw new Error(`GET ${read.path} answered ${response.status}: ${await response.text()}`);
  return read.total(response);
}

/**
 * One read under the list's load alone, then as long while a writer adds leads, RUNS times each
 * (alternately, so drift on the machine hits both alike). After each run with writes, the first
 * answer's total is compared with the total before it plus the leads written: whether the count a
 * member of staff sees right after a burst of writes includes them.
 */
export async function readWhileWriting(apiUrl: string, scenario: string, options: WritingOptions) {
  const read = READS_WHILE_WRITING[scenario];
  const load = (seconds = options.seconds) => loadTest(`${apiUrl}${read.path}`, { connections: options.connections, seconds });
  await load(options.warmUpSeconds);
  const alone: LoadResult[] = [];
  const writing: LoadResult[] = [];
  const writes: Writes = { created: 0, failed: 0, latenciesMs: [] };
  const runsCounted: boolean[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    alone.push(await load());
    const before = await totalOf(apiUrl, read);
    const writer = startWriter(apiUrl, options.writesPerSecond);
    writing.push(await load());
    const written = await writer.stop();
    runsCounted.push((await totalOf(apiUrl, read)) === before + written.created);
    writes.created += written.created;
    writes.failed += written.failed;
    writes.latenciesMs.push(...written.latenciesMs);
  }
  const latencies = [...writes.latenciesMs].sort((a, b) => a - b);
  return {
    path: read.path,
    connections: options.connections,
    writesPerSecond: options.writesPerSecond,
    alone: summariseLoad(alone),
    api: summariseLoad(writing),
    writes: { created: writes.created, failed: writes.failed, p50: nearestRank(latencies, 0.5), p95: nearestRank(latencies, 0.95), max: latencies.at(-1) },
    countedAfterWrites: runsCounted.filter(Boolean).length,
    runs: options.runs,
  };
}
