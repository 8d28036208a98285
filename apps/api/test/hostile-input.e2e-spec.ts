import { Agent } from 'node:http';
import type { Server } from 'node:http';
import { PrismaService } from '../src/database/prisma.service';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { hostileBody, hostileCsv, hostileWebhookBody, sampleBodies, withUniqueCalls } from './support/hostile-bodies';
import { mapConcurrently, sendRaw, type RawResponse } from './support/send-raw';
import { currentTestName, recordFigures } from './support/reliability-figures';

// At least 10,000 generated bodies per endpoint (issue 8), on each database.
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const JSON_LIMIT = 1024 * 1024;
const IMPORT_LIMIT = 65_536;
const WEBHOOK_LIMIT = 131_072;
const SECRET = 'hostile-input-webhook-secret';
// Bodies are generated and sent a chunk at a time, so the heap between chunks shows what the app keeps.
const CHUNK = 1000;
const HEAP_GROWTH_LIMIT = 64 * 1024 * 1024;

jest.setTimeout(300_000);

/** Heap in use after a full collection (`pnpm test` runs Jest with --expose-gc). */
function heapAfterGc(): number {
  if (!global.gc) throw new Error('Run Jest with node --expose-gc (as `pnpm test` does) to measure memory.');
  global.gc();
  return process.memoryUsage().heapUsed;
}

const MB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

describe.each(PROVIDERS)('hostile input on %s', (provider) => {
  let testApp: TestApp;
  let server: Server;
  let prisma: PrismaService['client'];
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    testApp = await startTestApp(provider, {
      IMPORT_MAX_BYTES: String(IMPORT_LIMIT),
      WEBHOOK_MAX_BYTES: String(WEBHOOK_LIMIT),
      VAPI_WEBHOOK_SECRET: SECRET,
      WEBHOOK_LIMIT_PER_MINUTE: '1000000',
    });
    server = testApp.app.getHttpServer();
    prisma = testApp.app.get(PrismaService).client;
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  const leadCount = () => prisma.lead.count();

  function expectNoServerError(responses: RawResponse[], bodies: Buffer[], limit: number) {
    responses.forEach((response, index) => {
      const context = `body #${index}: ${bodies[index].subarray(0, 120).toString('utf8')} → ${response.status} ${response.body.slice(0, 300)}`;
      expect({ context, status: response.status < 500 }).toEqual({ context, status: true });
      if (response.status === -1) expect({ context, oversize: bodies[index].length > limit }).toEqual({ context, oversize: true });
      if (response.status >= 400) expect(() => JSON.parse(response.body)).not.toThrow();
      expect(response.body).not.toMatch(/at \w+ \(|PrismaClient|SQLITE_|syntax error at|node_modules/);
    });
  }

  /** Runs `chunks` chunks of fuzzing and checks the heap did not keep growing across them. */
  async function fuzzInChunks(sendChunk: (chunk: number) => Promise<void>) {
    const started = Date.now();
    const heapAfterChunk: number[] = [];
    for (let chunk = 0; chunk < Math.ceil(CASES / CHUNK); chunk += 1) {
      await sendChunk(chunk);
      heapAfterChunk.push(heapAfterGc());
    }
    // Prototype keys never reach an object's prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    await testApp.http.get('/api/health').expect(200);
    const heapGrowth = heapAfterChunk.at(-1)! - heapAfterChunk[0];
    expect(heapGrowth).toBeLessThan(HEAP_GROWTH_LIMIT);
    return { seconds: Math.round((Date.now() - started) / 100) / 10, heapGrowthMb: MB(heapGrowth) };
  }

  const countStatuses = (responses: RawResponse[], into: Record<string, number>) => {
    for (const { status } of responses) {
      const key = status === -1 ? 'closed' : String(status);
      into[key] = (into[key] ?? 0) + 1;
    }
  };

  it(`POST /api/leads: ${CASES} hostile bodies, never a 5xx, and only accepted ones stored`, async () => {
    const before = await leadCount();
    let created = 0;
    const statuses: Record<string, number> = {};
    const run = await fuzzInChunks(async (chunk) => {
      const bodies = sampleBodies(hostileBody, CHUNK, 42 + chunk);
      const responses = await mapConcurrently(bodies, 16, (body) =>
        sendRaw(server, 'POST', '/api/leads', body, { 'Content-Type': 'application/json' }, agent),
      );
      expectNoServerError(responses, bodies, JSON_LIMIT);
      expect(responses.filter((response) => ![201, 400, 413, -1].includes(response.status))).toEqual([]);
      created += responses.filter((response) => response.status === 201).length;
      countStatuses(responses, statuses);
    });
    expect(await leadCount()).toBe(before + created);
    recordFigures({ promise: 'Hostile input', test: currentTestName(), database: provider, figures: { cases: CASES, ...run, errors5xx: 0, created, statuses: JSON.stringify(statuses) } });
  });

  it(`POST /api/leads/import: ${CASES} hostile CSV files, never a 5xx, and the summary matches the database`, async () => {
    const before = await leadCount();
    let created = 0;
    const statuses: Record<string, number> = {};
    const run = await fuzzInChunks(async (chunk) => {
      const bodies = sampleBodies(hostileCsv, CHUNK, 7 + chunk);
      const responses = await mapConcurrently(bodies, 8, (body) =>
        sendRaw(server, 'POST', '/api/leads/import', body, { 'Content-Type': 'text/csv' }, agent),
      );
      expectNoServerError(responses, bodies, IMPORT_LIMIT);
      created += responses
        .filter((response) => response.status === 200)
        .reduce((sum, response) => sum + (JSON.parse(response.body) as { created: number }).created, 0);
      countStatuses(responses, statuses);
    });
    expect(await leadCount()).toBe(before + created);
    recordFigures({ promise: 'Hostile input', test: currentTestName(), database: provider, figures: { cases: CASES, ...run, errors5xx: 0, created, statuses: JSON.stringify(statuses) } });
  });

  it(`POST /api/webhooks/vapi: ${CASES} hostile bodies, never a 5xx, and a rejected one stores nothing`, async () => {
    const leadsBefore = await leadCount();
    const startedAt = new Date();
    const stored = new Set<string>();
    const rejected = new Set<string>();
    let storedDeliveries = 0;
    let processedReports = 0;
    const statuses: Record<string, number> = {};
    const run = await fuzzInChunks(async (chunk) => {
      const deliveries = withUniqueCalls(sampleBodies(hostileWebhookBody, CHUNK, 1000 + chunk), chunk);
      // Every tenth delivery comes with a wrong secret, every twentieth with none.
      const secretOf = (index: number) => (index % 20 === 0 ? undefined : index % 10 === 0 ? 'wrong-secret' : SECRET);
      const responses = await mapConcurrently(deliveries, 16, ({ body }, index) => {
        const secret = secretOf(index);
        return sendRaw(server, 'POST', '/api/webhooks/vapi', body, { 'Content-Type': 'application/json', ...(secret ? { 'X-Vapi-Secret': secret } : {}) }, agent);
      });
      const bodies = deliveries.map(({ body }) => body);
      expectNoServerError(responses, bodies, WEBHOOK_LIMIT);
      responses.forEach((response, index) => {
        const { callId, body } = deliveries[index];
        const context = `body #${index}: ${body.subarray(0, 200).toString('utf8')} → ${response.status} ${response.body.slice(0, 300)}`;
        if (secretOf(index) !== SECRET) expect({ context, status: [400, 401, 413, -1].includes(response.status) }).toEqual({ context, status: true });
        expect({ context, status: [200, 202, 400, 401, 413, -1].includes(response.status) }).toEqual({ context, status: true });
        if (response.status >= 400 || response.status === -1) return rejected.add(callId);
        const outcome = JSON.parse(response.body) as { stored?: boolean; processed?: boolean };
        if (!outcome.stored) return rejected.add(callId);
        // A stored message the processor could not apply would be a poison message: none may exist.
        expect({ context, outcome }).toEqual({ context, outcome: { received: true, stored: true, processed: true } });
        storedDeliveries += 1;
        const { message } = JSON.parse(body.toString('utf8')) as { message: { type: string; call: { id: string } } };
        stored.add(message.call.id);
        if (message.type === 'end-of-call-report') processedReports += 1;
      });
      countStatuses(responses, statuses);
    });

    // Each stored delivery is in the inbox once; no rejected or dropped delivery left a trace.
    expect(await prisma.webhookEvent.count()).toBe(storedDeliveries);
    expect(await prisma.webhookEvent.count({ where: { processedAt: null } })).toBe(0);
    const storedCallIds = new Set((await prisma.call.findMany({ select: { vapiCallId: true } })).map((call) => call.vapiCallId));
    const inboxCallIds = new Set((await prisma.webhookEvent.findMany({ select: { vapiCallId: true } })).map((event) => event.vapiCallId));
    expect([...storedCallIds].filter((id) => rejected.has(id))).toEqual([]);
    expect([...inboxCallIds].filter((id) => rejected.has(id))).toEqual([]);
    // Every stored message has its call record, under the id it carried (a hostile one, at times).
    expect([...inboxCallIds].sort()).toEqual([...stored].sort());
    expect([...storedCallIds].sort()).toEqual([...stored].sort());
    // A lead comes only from a stored report, and always with its call.
    const leadsCreated = (await leadCount()) - leadsBefore;
    expect(leadsCreated).toBeLessThanOrEqual(processedReports);
    expect(await prisma.lead.count({ where: { createdAt: { gte: startedAt }, source: 'voice bot', calls: { none: {} } } })).toBe(0);
    recordFigures({
      promise: 'Hostile input',
      test: currentTestName(),
      database: provider,
      figures: { cases: CASES, ...run, errors5xx: 0, stored: storedDeliveries, leadsCreated, statuses: JSON.stringify(statuses) },
    });
  });
});
