import { TcpProxy } from './fakes/tcp-proxy';
import { endOfCallReport } from './fixtures/vapi-messages';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe('PostgreSQL outage during traffic', () => {
  const target = new URL(TEST_POSTGRES_URL);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let database: TestDatabase;
  let testApp: TestApp;

  beforeAll(async () => {
    await proxy.start();
    database = await createTestDatabase('postgresql');
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    testApp = await startTestApp('postgresql', {}, { ...database, url: viaProxy.toString() });
    await testApp.http.post('/api/leads').send({ name: 'Before The Outage' }).expect(201);
  });
  afterAll(async () => {
    await testApp.close();
    await proxy.stop();
    await database.drop();
  });

  it('answers 503 while the database is down and recovers by itself when it returns', async () => {
    proxy.cut();
    const health = await testApp.http.get('/api/health').expect(503);
    expect(health.body).toMatchObject({ status: 'error', database: 'postgresql' });

    const list = await testApp.http.get('/api/leads').expect(503);
    expect(list.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable. Try again shortly.' });
    await testApp.http.get('/api/leads/stats').expect(503);
    await testApp.http.post('/api/leads').send({ name: 'During The Outage' }).expect(503);
    // The platform retries a webhook that was not stored.
    const webhook = await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'outage-call', number: '+919800000001' })).expect(503);
    expect(JSON.stringify(webhook.body)).not.toMatch(/ECONN|prisma|at \w+ \(/i);

    proxy.restore();
    await testApp.http.get('/api/health').expect(200);
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'outage-call', number: '+919800000001' })).expect(200);
    const leads = await testApp.http.get('/api/leads').expect(200);
    expect(leads.body.map((lead: { name: string }) => lead.name).sort()).toEqual(['Before The Outage', 'Sanjay Kulkarni']);
  });
});
