import { Agent } from 'node:http';
import { vapiHmacHeaders } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { expectNoServerError, FUZZ_CASES, FUZZ_CHUNK, fuzzInChunks } from './support/fuzzing';
import { hostileWebhookBody, sampleBodies, withUniqueCalls } from './support/hostile-bodies';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { mapConcurrently, sendRaw } from './support/send-raw';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const WEBHOOK_LIMIT = 131_072;
const SECRET = 'hostile-input-webhook-secret';

jest.setTimeout(300_000);

/** Every tenth delivery is signed with a wrong secret, every twentieth not at all. */
const secretOf = (index: number) => (index % 20 === 0 ? undefined : index % 10 === 0 ? 'wrong-secret' : SECRET);
/** Signed over the exact bytes sent, as Vapi's HMAC credential signs. */
const credentialOf = (index: number, body: Buffer) => {
  const secret = secretOf(index);
  return secret ? vapiHmacHeaders(body, { secretKey: secret }) : {};
};

describe.each(PROVIDERS)('hostile webhook bodies on %s', (provider) => {
  let testApp: TestApp;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    testApp = await startTestApp(provider, { WEBHOOK_MAX_BYTES: String(WEBHOOK_LIMIT), VAPI_WEBHOOK_HMAC_SECRET: SECRET, WEBHOOK_LIMIT_PER_MINUTE: '1000000', WEBHOOK_REFUSALS_PER_MINUTE: '1000000' });
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  it(`POST /api/webhooks/vapi: ${FUZZ_CASES} hostile bodies, never a 5xx, and a rejected one stores nothing`, async () => {
    const prisma = testApp.app.get(Database).client;
    /** Call ids of the deliveries stored, and the call ids given to those rejected. */
    const stored = new Set<string>();
    const rejected = new Set<string>();
    let storedDeliveries = 0;
    /** Handled messages that name no call: stored for an admin, applied to nothing. */
    let unattributable = 0;
    let storedReports = 0;
    const run = await fuzzInChunks(testApp, async (chunk) => {
      const deliveries = withUniqueCalls(sampleBodies(hostileWebhookBody, FUZZ_CHUNK, 1000 + chunk), chunk);
      const responses = await mapConcurrently(deliveries, 16, ({ body }, index) =>
        sendRaw(testApp.app.getHttpServer(), 'POST', '/api/webhooks/vapi', body, { 'Content-Type': 'application/json', ...credentialOf(index, body) }, agent),
      );
      expectNoServerError(responses, deliveries.map(({ body }) => body), WEBHOOK_LIMIT);
      const problems: string[] = [];
      responses.forEach((response, index) => {
        const { callId, body } = deliveries[index];
        const problem = (what: string) => problems.push(`${what}: body #${index} ${body.subarray(0, 200).toString('utf8')} → ${response.status} ${response.body.slice(0, 300)}`);
        if (secretOf(index) !== SECRET && ![400, 401, 413, -1].includes(response.status)) problem('accepted without the right signature');
        if (![200, 202, 400, 401, 413, -1].includes(response.status)) problem('an unexpected status');
        if (response.status >= 400 || response.status === -1) return rejected.add(callId);
        const outcome = JSON.parse(response.body) as { stored?: boolean; processed?: boolean; unattributable?: boolean };
        if (!outcome.stored) return rejected.add(callId);
        if (outcome.unattributable) {
          if (response.status !== 202) problem('an unattributable message not answered 202');
          unattributable += 1;
          return rejected.add(callId);
        }
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
    expect(await prisma.webhookEvent.count({ where: { unattributable: false } })).toBe(storedDeliveries);
    expect(await prisma.webhookEvent.count({ where: { unattributable: true, vapiCallId: null, processedAt: null } })).toBe(unattributable);
    expect(await prisma.webhookEvent.count({ where: { processedAt: null, unattributable: false } })).toBe(0);
    const inboxCallIds = new Set((await prisma.webhookEvent.findMany({ where: { unattributable: false }, select: { vapiCallId: true } })).map((event) => event.vapiCallId));
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
    recordFigures({ promise: 'Hostile input', test: currentTestName(), database: provider, figures: { ...run, stored: storedDeliveries, unattributable, leadsCreated: leads } });
  });
});
