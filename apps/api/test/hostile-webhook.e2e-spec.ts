import { Agent } from 'node:http';
import { PrismaService } from '../src/database/prisma.service';
import { expectNoServerError, FUZZ_CASES, FUZZ_CHUNK, fuzzInChunks } from './support/fuzzing';
import { hostileWebhookBody, sampleBodies, withUniqueCalls } from './support/hostile-bodies';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { mapConcurrently, sendRaw } from './support/send-raw';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const WEBHOOK_LIMIT = 131_072;
const SECRET = 'hostile-input-webhook-secret';

jest.setTimeout(300_000);

/** Every tenth delivery comes with a wrong secret, every twentieth with none. */
const secretOf = (index: number) => (index % 20 === 0 ? undefined : index % 10 === 0 ? 'wrong-secret' : SECRET);

describe.each(PROVIDERS)('hostile webhook bodies on %s', (provider) => {
  let testApp: TestApp;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    testApp = await startTestApp(provider, { WEBHOOK_MAX_BYTES: String(WEBHOOK_LIMIT), VAPI_WEBHOOK_SECRET: SECRET, WEBHOOK_LIMIT_PER_MINUTE: '1000000' });
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  it(`POST /api/webhooks/vapi: ${FUZZ_CASES} hostile bodies, never a 5xx, and a rejected one stores nothing`, async () => {
    const prisma = testApp.app.get(PrismaService).client;
    /** Call ids of the deliveries stored, and the call ids given to those rejected. */
    const stored = new Set<string>();
    const rejected = new Set<string>();
    let storedDeliveries = 0;
    let storedReports = 0;
    const run = await fuzzInChunks(testApp, async (chunk) => {
      const deliveries = withUniqueCalls(sampleBodies(hostileWebhookBody, FUZZ_CHUNK, 1000 + chunk), chunk);
      const responses = await mapConcurrently(deliveries, 16, ({ body }, index) => {
        const secret = secretOf(index);
        return sendRaw(testApp.app.getHttpServer(), 'POST', '/api/webhooks/vapi', body, { 'Content-Type': 'application/json', ...(secret ? { 'X-Vapi-Secret': secret } : {}) }, agent);
      });
      expectNoServerError(responses, deliveries.map(({ body }) => body), WEBHOOK_LIMIT);
      const problems: string[] = [];
      responses.forEach((response, index) => {
        const { callId, body } = deliveries[index];
        const problem = (what: string) => problems.push(`${what}: body #${index} ${body.subarray(0, 200).toString('utf8')} → ${response.status} ${response.body.slice(0, 300)}`);
        if (secretOf(index) !== SECRET && ![400, 401, 413, -1].includes(response.status)) problem('accepted without the right secret');
        if (![200, 202, 400, 401, 413, -1].includes(response.status)) problem('an unexpected status');
        if (response.status >= 400 || response.status === -1) return rejected.add(callId);
        const outcome = JSON.parse(response.body) as { stored?: boolean; processed?: boolean };
        if (!outcome.stored) return rejected.add(callId);
        // A stored message the processor could not apply would be a poison message: none may exist.
        if (!outcome.processed) problem('stored but not processed');
        storedDeliveries += 1;
        const { message } = JSON.parse(body.toString('utf8')) as { message: { type: string; call: { id: string } } };
        stored.add(message.call.id);
        if (message.type === 'end-of-call-report') storedReports += 1;
      });
      expect(problems).toEqual([]);
      return responses;
    });

    // Each stored delivery is in the inbox once, processed; no rejected or dropped one left a trace.
    expect(await prisma.webhookEvent.count()).toBe(storedDeliveries);
    expect(await prisma.webhookEvent.count({ where: { processedAt: null } })).toBe(0);
    const inboxCallIds = new Set((await prisma.webhookEvent.findMany({ select: { vapiCallId: true } })).map((event) => event.vapiCallId));
    const callIds = new Set((await prisma.call.findMany({ select: { vapiCallId: true } })).map((call) => call.vapiCallId));
    expect([...inboxCallIds].filter((id) => rejected.has(id!))).toEqual([]);
    expect([...callIds].filter((id) => rejected.has(id))).toEqual([]);
    // Every stored message has its call record, under the id it carried (a hostile one, at times).
    expect([...inboxCallIds].sort()).toEqual([...stored].sort());
    expect([...callIds].sort()).toEqual([...stored].sort());
    // A lead comes only from a stored report, and always with its call.
    const leads = await prisma.lead.count();
    expect(leads).toBeLessThanOrEqual(storedReports);
    expect(await prisma.lead.count({ where: { calls: { none: {} } } })).toBe(0);
    recordFigures({ promise: 'Hostile input', test: currentTestName(), database: provider, figures: { ...run, stored: storedDeliveries, leadsCreated: leads } });
  });
});
