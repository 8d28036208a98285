import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { endOfCallReport, statusUpdate } from '../fixtures/vapi-messages';
import { currentTestName, recordFigures } from '../support/reliability-figures';
import { createTestDatabase, PROVIDERS, type TestDatabase } from '../support/test-database';

const CLIENTS = 200;
const WARM_UP_SECONDS = 30;
const LOAD_SECONDS = 60;
const SEED_LEADS = 2_000;
const SECRET = 'load-test-secret';
const SEARCH_TERMS = ['Pune', 'mumbai', 'Lead 01', 'example.in', 'प्रिया', 'Caller 1', 'zz-no-match'];

type Kind = 'list' | 'search' | 'stats' | 'export' | 'webhook';
/** The mix of a busy office and a voice platform delivering calls. */
const MIX: [Kind, number][] = [
  ['list', 30],
  ['search', 20],
  ['stats', 15],
  ['export', 5],
  ['webhook', 30],
];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A deterministic pseudo-random sequence, so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const HEAP_PROBE_FILE = join(tmpdir(), `lead-desk-heap-probe-${process.pid}`);

/** The API's heap after a full collection, from the heap probe preloaded into it. */
async function heapAfterGc(api: ServerProcess): Promise<number> {
  rmSync(HEAP_PROBE_FILE, { force: true });
  process.kill(api.pid, 'SIGUSR2');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (existsSync(HEAP_PROBE_FILE)) return Number(readFileSync(HEAP_PROBE_FILE, 'utf8'));
  }
  throw new Error('The heap probe did not answer');
}

describe.each(PROVIDERS)('load on %s', (provider) => {
  let database: TestDatabase;
  let api: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    const env = { DATABASE_URL: database.url, VAPI_WEBHOOK_SECRET: SECRET, WEBHOOK_LIMIT_PER_MINUTE: '10000000', HEAP_PROBE_FILE };
    api = await startApi({ env, nodeArgs: ['--expose-gc', '-r', join(__dirname, 'heap-probe.cjs')] });
    const rows = Array.from({ length: SEED_LEADS }, (_, i) => `Lead ${String(i).padStart(4, '0')},lead${i}@example.in,${i % 3 === 0 ? 'Mumbai' : 'Pune'},${i % 2 === 0}`);
    const imported = await fetch(`${api.url}/api/leads/import`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: ['name,email,location,qualified', ...rows].join('\n') });
    expect(await imported.json()).toMatchObject({ created: SEED_LEADS, skipped: 0 });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    rmSync(HEAP_PROBE_FILE, { force: true });
  });

  it(`${CLIENTS} concurrent clients mixing list, search, stats, export and webhooks for ${LOAD_SECONDS} s: no errors, memory flat after warm-up`, async () => {
    const latencies = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
    const errors: string[] = [];
    let calls = 0;

    async function request(kind: Kind, next: () => number): Promise<void> {
      const term = SEARCH_TERMS[Math.floor(next() * SEARCH_TERMS.length)];
      const status = ['all', 'qualified', 'unqualified'][Math.floor(next() * 3)];
      let response: Response;
      if (kind === 'webhook') {
        calls += 1;
        const n = calls;
        const message =
          n % 3 === 0
            ? statusUpdate(`load-${n - 1}`, 'ended')
            : endOfCallReport({ callId: `load-${n}`, number: `+9196${String(n).padStart(8, '0')}`, structuredData: { name: `Caller ${n}`, email: `caller${n}@load.example.in`, location: 'Pune' } });
        response = await fetch(`${api.url}/api/webhooks/vapi`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': SECRET }, body: JSON.stringify(message) });
      } else {
        const path = {
          list: `/api/leads?limit=50&status=${status}`,
          search: `/api/leads?limit=50&q=${encodeURIComponent(term)}`,
          stats: '/api/leads/stats',
          export: `/api/leads/export.csv?status=${status}&q=${encodeURIComponent(next() < 0.5 ? term : '')}`,
        }[kind];
        response = await fetch(`${api.url}${path}`);
      }
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${kind} answered ${response.status}`);
    }

    /** Every client in a closed loop for `seconds`; resolves once none has a request in flight. */
    async function runClients(phase: 'warm-up' | 'load', seconds: number): Promise<void> {
      let running = true;
      const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
      const clients = Array.from({ length: CLIENTS }, async (_, id) => {
        const next = random(id + 1 + (phase === 'load' ? CLIENTS : 0));
        while (running) {
          let pick = next() * total;
          const kind = MIX.find(([, weight]) => (pick -= weight) < 0)![0];
          const started = performance.now();
          try {
            await request(kind, next);
            if (phase === 'load') latencies.get(kind)!.push(performance.now() - started);
          } catch (error) {
            errors.push(`${phase} ${kind}: ${String(error)}`);
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      running = false;
      await Promise.all(clients);
    }

    const rssUnderLoad: number[] = [];
    const sampler = setInterval(() => {
      try {
        rssUnderLoad.push(api.rssBytes());
      } catch (error) {
        errors.push(String(error));
      }
    }, 1000);
    let quiet: { heap: number; rss: number }[];
    try {
      // Memory is compared at rest, once warm-up and then the load have drained: what the
      // app keeps, not the requests it happens to have in flight at that instant.
      await runClients('warm-up', WARM_UP_SECONDS);
      const afterWarmUp = { heap: await heapAfterGc(api), rss: api.rssBytes() };
      await runClients('load', LOAD_SECONDS);
      quiet = [afterWarmUp, { heap: await heapAfterGc(api), rss: api.rssBytes() }];
    } finally {
      clearInterval(sampler);
    }
    const [warmUp, end] = quiet;

    const requests = [...latencies.values()].reduce((sum, values) => sum + values.length, 0);
    const figures: Record<string, number | string> = {
      clients: CLIENTS,
      seconds: LOAD_SECONDS,
      requests,
      perSecond: Math.round(requests / LOAD_SECONDS),
      errors: errors.length,
      heapAfterWarmUpMb: MB(warmUp.heap),
      heapAtEndMb: MB(end.heap),
      heapChangePercent: Math.round((end.heap / warmUp.heap - 1) * 1000) / 10,
      rssAfterWarmUpMb: MB(warmUp.rss),
      rssAtEndMb: MB(end.rss),
      rssPeakUnderLoadMb: MB(Math.max(...rssUnderLoad)),
    };
    for (const [kind, values] of latencies) figures[`${kind} p50/p99 ms`] = `${Math.round(percentile(values, 50))}/${Math.round(percentile(values, 99))} (${values.length})`;
    recordFigures({ promise: 'Load', test: currentTestName(), database: provider, figures });

    expect(errors.slice(0, 20)).toEqual([]);
    // What the app keeps (its heap after a full collection, at rest): the same after 60 s of load as after warm-up.
    expect(Math.abs(end.heap / warmUp.heap - 1)).toBeLessThanOrEqual(0.2);
    for (const [kind, values] of latencies) expect({ kind, served: values.length > 0 }).toEqual({ kind, served: true });
  });
});
