import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeVapiServer, startApi, toolCallsMessage, transferDestinationRequestMessage, type FakeCallContext } from '@lead-desk/test-support';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../../apps/api/src/database/database-url';
import { BENCH_AGENTS, generatedPhone } from './lead-generator';
import { nearestRank } from './statistics';

const SECRET = 'bench-agent-tools-secret';
const ZONE_OFFSET_MS = 330 * 60_000;
/** The property search's questions, in turn: what callers ask for. */
const SEARCHES = [
  { city: 'Pune', budget: '80 Lakh' },
  { city: 'Bangalore', type: 'flat', bedrooms: '3BHK', budget: '1 Cr' },
  { city: 'Mumbai', budget: '1.5 Cr' },
  { type: 'villa' },
  { city: 'Gurgaon', budget: 20_000_000, bedrooms: 4 },
  { locality: 'Whitefield' },
];
/** The sample properties' ids (migration properties_and_tasks). */
const PROPERTIES = 16;

export type AgentRequestKind = 'search_properties' | 'book_site_visit' | 'transfer-destination-request';
export const AGENT_REQUEST_KINDS: AgentRequestKind[] = ['search_properties', 'book_site_visit', 'transfer-destination-request'];

export interface AgentToolsOptions {
  requestsPerSecond: number;
  seconds: number;
  /** How many generated leads the database holds: callers are drawn from their numbers. */
  existingLeads: number;
}

interface Answered {
  ms: number;
  status: number;
  /** What the answer said, in a word: booked, alternatives, connected, callback, found, or error. */
  outcome: string;
}

/**
 * Vapi's questions during calls, against an API of its own on the filled database: for each kind
 * in turn (a property search, a site visit booking, a transfer request), `requestsPerSecond` for
 * `seconds`, paced by the clock (a slow answer does not slow the arrivals), each from a caller
 * who is a generated lead (a random one: owned by one of the four agents, or unassigned and then
 * routed), each call new. The agents have phones and work round the clock (CALLING_HOURS
 * 00:00-24:00), so a transfer is put through and a visit may be asked for at any hour the
 * benchmark runs. Each request is timed from its send to its answer's last byte.
 */
export async function agentTools(databaseUrl: string, options: AgentToolsOptions) {
  await giveAgentsPhones(databaseUrl);
  const vapi = new FakeVapiServer();
  await vapi.start();
  const api = await startApi({
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      AUTH_MODE: 'open',
      VAPI_WEBHOOK_SECRET: SECRET,
      VAPI_ASSISTANT_ID: 'bench-assistant',
      CALLING_HOURS: '00:00-24:00',
      WEBHOOK_LIMIT_PER_MINUTE: '100000000',
    },
  });
  try {
    const server = { url: `${api.url}/api/webhooks/vapi`, secret: SECRET };
    const run = Date.now().toString(36);
    const caller = (n: number): FakeCallContext => ({ id: `bench-tools-${run}-${n}`, customerNumber: generatedPhone((n * 104_729) % options.existingLeads) });
    // One of each, checked by the fake against Vapi's schemas (message and answer), and the API warmed.
    await vapi.sendToolCalls(server, caller(0), [{ id: `warm-search-${run}`, name: 'search_properties', arguments: SEARCHES[0] }]);
    await vapi.sendToolCalls(server, caller(1), [{ id: `warm-book-${run}`, name: 'book_site_visit', arguments: bookingArguments(1) }]);
    await vapi.requestTransferDestination(server, caller(2));

    const results: Record<string, ReturnType<typeof summarise>> = {};
    let n = 10;
    for (const kind of AGENT_REQUEST_KINDS) {
      const total = options.requestsPerSecond * options.seconds;
      const sends: Promise<Answered>[] = [];
      const started = performance.now();
      for (let i = 0; i < total; i += 1) {
        const wait = started + (i * 1000) / options.requestsPerSecond - performance.now();
        if (wait > 0) await sleep(wait);
        n += 1;
        sends.push(send(server.url, kind, caller(n), n, run));
      }
      results[kind] = summarise(await Promise.all(sends));
    }
    return results;
  } finally {
    await api.stop();
    await vapi.stop();
  }
}

/** A visit on one of the next fourteen days, at a whole hour between 9 and 20 in Kolkata: some free, some taken as the diaries fill. */
function bookingArguments(n: number) {
  const day = new Date(Date.now() + ZONE_OFFSET_MS + (1 + (n % 14)) * 86_400_000).toISOString().slice(0, 10);
  return { propertyId: 1 + (n % PROPERTIES), preferredTime: `${day}T${String(9 + ((n * 7) % 12)).padStart(2, '0')}:00` };
}

async function send(url: string, kind: AgentRequestKind, call: FakeCallContext, n: number, run: string): Promise<Answered> {
  const message =
    kind === 'transfer-destination-request'
      ? transferDestinationRequestMessage(call)
      : toolCallsMessage(call, [{ id: `bench-${run}-${n}`, name: kind, arguments: kind === 'search_properties' ? SEARCHES[n % SEARCHES.length] : bookingArguments(n), argumentsAs: 'object' }]).sent;
  const started = performance.now();
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': SECRET }, body: JSON.stringify({ message }) });
    const body = (await response.json()) as { results?: { result?: string; error?: string }[]; destination?: unknown; error?: string };
    return { ms: performance.now() - started, status: response.status, outcome: outcomeOf(body) };
  } catch (error) {
    return { ms: performance.now() - started, status: -1, outcome: `error: ${String(error)}` };
  }
}

function outcomeOf(body: { results?: { result?: string; error?: string }[]; destination?: unknown; error?: string }): string {
  if (body.destination) return 'connected';
  if (body.error) return 'callback';
  const [result] = body.results ?? [];
  if (!result || result.error) return 'error';
  if (result.result?.startsWith('Booked:')) return 'booked';
  if (result.result?.startsWith('Not booked.')) return 'alternatives';
  return 'found';
}

function summarise(answers: Answered[]) {
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) => nearestRank(ms, share)!;
  const outcomes: Record<string, number> = {};
  for (const { outcome } of answers) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  return { requests: answers.length, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: ms.at(-1)!, failed: answers.filter(({ status }) => status !== 200).length, outcomes };
}

/** The bench agents get phones, as staff keep them in their profile: a transfer can be put through. */
async function giveAgentsPhones(databaseUrl: string): Promise<void> {
  const target = parseDatabaseUrl(databaseUrl);
  const updates = BENCH_AGENTS.map(({ id }, i) => `UPDATE staff_users SET phone = '+9198000000${i + 1}0' WHERE id = '${id}';`).join('\n');
  if (target.provider === 'sqlite') {
    const db = new Database(target.filename);
    try {
      db.exec(updates);
    } finally {
      db.close();
    }
    return;
  }
  const client = new Client({ connectionString: target.connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path = "${target.schema}", public`);
    await client.query(updates);
  } finally {
    await client.end();
  }
}
