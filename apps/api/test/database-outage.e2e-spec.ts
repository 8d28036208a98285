import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TcpProxy } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { SseClient } from './support/sse-client';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

const UNAVAILABLE = { statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable. Try again shortly.' };

/**
 * Staff and webhook requests in a loop, as a busy office and the voice platform make them,
 * recording every answer (a request that hangs fails the test by its timeout).
 */
class Traffic {
  readonly statuses: { path: string; status: number; at: number }[] = [];
  readonly webhooks = new Map<string, number>();
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly testApp: TestApp,
    clients: number,
  ) {
    this.loops = Array.from({ length: clients }, (_, client) => this.loop(client));
  }

  private async loop(client: number): Promise<void> {
    for (let i = 0; this.running; i += 1) {
      const callId = `traffic-${client}-${i}`;
      const request =
        i % 3 === 0
          ? this.testApp.http.get('/api/leads').query({ limit: 5 })
          : i % 3 === 1
            ? this.testApp.http.get('/api/leads/stats')
            : this.testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId, number: `+91970${String(client * 100_000 + i).padStart(7, '0')}` }));
      const { status } = await request;
      this.statuses.push({ path: i % 3 === 2 ? 'webhook' : 'staff', status, at: Date.now() });
      if (i % 3 === 2) this.webhooks.set(callId, status);
      // Keeps the loop from spinning flat out on instant 503s.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Waits until `count` answers after `since` satisfy `match`. */
  async until(match: (status: number) => boolean, count: number, since = 0): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (this.statuses.filter((entry) => entry.at >= since && match(entry.status)).length < count) {
      if (Date.now() > deadline) throw new Error(`Traffic never saw ${count} matching answers: ${JSON.stringify(this.summary())}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  summary(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { path, status } of this.statuses) counts[`${path} ${status}`] = (counts[`${path} ${status}`] ?? 0) + 1;
    return counts;
  }
}

describe('PostgreSQL outage during traffic', () => {
  const target = new URL(TEST_POSTGRES_URL);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let database: TestDatabase;
  let testApp: TestApp;
  let leadId: string;
  let callId: string;

  beforeAll(async () => {
    await proxy.start();
    database = await createTestDatabase('postgresql');
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    testApp = await startTestApp('postgresql', { LOG_LEVEL: process.env.OUTAGE_LOG ?? 'silent' }, { ...database, url: viaProxy.toString() });
    leadId = (await testApp.http.post('/api/leads').send({ name: 'Before The Outage' }).expect(201)).body._id;
    await testApp.http.post('/api/webhooks/vapi').send(statusUpdate('before-outage', 'queued')).expect(200);
    callId = (await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId: 'before-outage' } })).id;
  });
  afterAll(async () => {
    await testApp.close();
    await proxy.stop();
    await database.drop();
  });

  const eventsUrl = () => `http://127.0.0.1:${((testApp.app.getHttpServer() as Server).address() as AddressInfo).port}/api/events`;

  it('answers 503 while the database is down, and recovers by itself (live events included) when it returns', async () => {
    const started = Date.now();
    const liveBefore = await SseClient.connect(eventsUrl());
    const traffic = new Traffic(testApp, 6);
    try {
      await traffic.until((status) => status === 200, 30);
      proxy.cut();
      const cutAt = Date.now();
      const health = await testApp.http.get('/api/health').expect(503);
      expect(health.body).toMatchObject({ status: 'error', database: 'postgresql', message: 'The database cannot be reached.' });
      // A load balancer's readiness check takes the instance out of service while it cannot serve.
      const readiness = await testApp.http.get('/api/health/ready').expect(503);
      expect(readiness.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The database cannot be reached.', status: 'database-unreachable', database: 'postgresql' });
      for (const path of ['/api/leads', '/api/leads/stats', '/api/leads/stats/daily', `/api/leads/${leadId}`, `/api/calls/${callId}`, '/api/leads/export.csv']) {
        const response = await testApp.http.get(path);
        expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 503, body: UNAVAILABLE });
      }
      await testApp.http.post('/api/leads').send({ name: 'During The Outage' }).expect(503, UNAVAILABLE);
      await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send('name\nDuring The Outage\n').expect(503, UNAVAILABLE);
      // The platform retries a webhook that was not stored.
      await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'outage-call', number: '+919800000001' })).expect(503, UNAVAILABLE);
      await traffic.until((status) => status === 503, 30, cutAt);

      proxy.restore();
      const restoredAt = Date.now();
      await testApp.http.get('/api/health').expect(200);
      await testApp.http.get('/api/health/ready').expect(200, { status: 'ready', database: 'postgresql' });
      await traffic.until((status) => status === 200, 30, restoredAt);
    } finally {
      proxy.restore();
      await traffic.stop();
    }

    // Never anything but an answer or a clear 503: no 500, no hang.
    expect(traffic.statuses.filter(({ status }) => ![200, 503].includes(status))).toEqual([]);
    // Re-sent as the platform would, the webhooks refused during the outage complete the set, once each.
    const refused = [...traffic.webhooks].filter(([, status]) => status !== 200).map(([id]) => id);
    expect(refused.length).toBeGreaterThan(0);
    for (const id of [...refused, 'outage-call']) {
      const [client, i] = id === 'outage-call' ? [0, 0] : id.split('-').slice(1).map(Number);
      const number = id === 'outage-call' ? '+919800000001' : `+91970${String(client * 100_000 + i).padStart(7, '0')}`;
      await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: id, number })).expect(200);
    }
    const prisma = testApp.app.get(Database).client;
    const delivered = [...traffic.webhooks.keys(), 'outage-call'];
    expect(await prisma.call.count({ where: { vapiCallId: { in: delivered } } })).toBe(delivered.length);

    // The live-events listener reconnected: a stream opened before the outage, and a new one, hear new leads.
    const liveAfter = await SseClient.connect(eventsUrl());
    let heard = false;
    for (let attempt = 0; !heard; attempt += 1) {
      const created = await testApp.http.post('/api/leads').send({ name: `After The Outage ${attempt}` }).expect(201);
      const isIt = (event: { event: string; data: unknown }) => event.event === 'lead.created' && (event.data as { _id: string })._id === created.body._id;
      heard = await Promise.all([liveBefore.next(isIt, 1_000), liveAfter.next(isIt, 1_000)]).then(
        () => true,
        (error: Error) => {
          if (attempt >= 20) throw new Error(`Live events never resumed after the outage: ${error.message}`);
          return false;
        },
      );
    }
    liveBefore.disconnect();
    liveAfter.disconnect();
    recordFigures({
      promise: 'Outage',
      test: currentTestName(),
      database: 'postgresql',
      figures: { requests: traffic.statuses.length, answers503: traffic.statuses.filter(({ status }) => status === 503).length, errors5xxOther: 0, webhooksResent: refused.length + 1, seconds: Math.round((Date.now() - started) / 1000) },
    });
  });
});
