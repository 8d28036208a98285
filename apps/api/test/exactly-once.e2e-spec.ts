import { vapiHmacHeaders } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { currentTestName, recordFigures } from './support/reliability-figures';

jest.setTimeout(120_000);

const HMAC_SECRET = 'exactly-once-hmac-secret';

/** A deterministic shuffle, so a failing order can be reproduced. */
function shuffled<T>(items: T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let i = result.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

describe.each(PROVIDERS)('exactly-once delivery on %s', (provider) => {
  let testApp: TestApp;
  let prisma: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_HMAC_SECRET: HMAC_SECRET });
    prisma = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  /** Every delivery signed as Vapi's HMAC credential signs it. */
  const post = (body: unknown) => {
    const bytes = JSON.stringify(body);
    return testApp.http.post('/api/webhooks/vapi').set({ 'Content-Type': 'application/json', ...vapiHmacHeaders(bytes, { secretKey: HMAC_SECRET }) }).send(bytes);
  };

  async function deliverConcurrently(messages: unknown[]): Promise<void> {
    const responses = await Promise.all(messages.map(post));
    expect(responses.filter((response) => response.status !== 200).map((response) => response.status)).toEqual([]);
  }

  it('100 reports, each delivered 5 times concurrently and out of order with status updates: 100 calls, 100 leads', async () => {
    const deliveries = Array.from({ length: 100 }, (_, i) => {
      const callId = `once-${i}`;
      const report = endOfCallReport({ callId, number: `+9199${String(10_000_000 + i).slice(-8)}`, structuredData: { name: `Caller ${i}`, email: `caller${i}@once.example.in` } });
      return [...Array(5).fill(report), statusUpdate(callId, 'ringing'), statusUpdate(callId, 'in-progress'), statusUpdate(callId, 'ended')];
    }).flat();
    const started = Date.now();
    await deliverConcurrently(shuffled(deliveries, 7));
    const seconds = (Date.now() - started) / 1000;

    expect(await prisma.call.count({ where: { vapiCallId: { startsWith: 'once-' } } })).toBe(100);
    expect(await prisma.lead.count({ where: { email: { endsWith: '@once.example.in' } } })).toBe(100);
    // Every call ended (a late "ringing" never undid it) and is tied to its caller's lead.
    expect(await prisma.call.count({ where: { vapiCallId: { startsWith: 'once-' }, status: 'ended', leadId: { not: null } } })).toBe(100);
    expect(await prisma.webhookEvent.count({ where: { processedAt: null } })).toBe(0);
    recordFigures({ promise: 'Exactly once', test: currentTestName(), database: provider, figures: { deliveries: deliveries.length, calls: 100, leads: 100, duplicates: 0, seconds: Math.round(seconds * 10) / 10 } });
  });

  it('a known caller calling again, concurrently: one lead per caller, one call per call', async () => {
    const deliveries = Array.from({ length: 10 }, (_, caller) =>
      [0, 1].flatMap((time) => {
        const report = endOfCallReport({ callId: `again-${caller}-${time}`, number: `+9198${String(20_000_000 + caller).slice(-8)}`, structuredData: { name: `Returning ${caller}`, timeline: `${time + 1} months` } });
        return Array(5).fill(report);
      }),
    ).flat();
    await deliverConcurrently(shuffled(deliveries, 11));

    expect(await prisma.call.count({ where: { vapiCallId: { startsWith: 'again-' } } })).toBe(20);
    const leads = await prisma.lead.findMany({ where: { name: { startsWith: 'Returning ' } }, include: { calls: true } });
    expect(leads).toHaveLength(10);
    for (const lead of leads) expect(lead.calls).toHaveLength(2);
    recordFigures({ promise: 'Exactly once', test: currentTestName(), database: provider, figures: { deliveries: deliveries.length, calls: 20, leads: 10, duplicates: 0 } });
  });
});
