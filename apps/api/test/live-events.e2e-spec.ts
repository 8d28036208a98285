import { Database } from '../src/database/database';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { eventually } from './support/eventually';
import { SseClient } from './support/sse-client';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

function eventsUrl(testApp: TestApp): string {
  const address = testApp.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}/api/events`;
}

describe.each(PROVIDERS)('GET /api/events on %s', (provider) => {
  let testApp: TestApp;
  let events: SseClient;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    events = await SseClient.connect(eventsUrl(testApp));
  });
  afterAll(async () => {
    events.disconnect();
    await testApp.close();
  });

  it('announces a lead created through the API with the record', async () => {
    const created = await testApp.http.post('/api/leads').send({ name: 'Live Lead' }).expect(201);
    const event = await events.next((e) => e.event === 'lead.created' && (e.data as { _id: string })._id === created.body._id);
    expect(event.data).toEqual(created.body);
  });

  it('announces leads created and updated by an end-of-call report, and the call', async () => {
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'live-call', number: '+919811100000', structuredData: { name: 'Live Caller' } })).expect(200);
    const lead = await events.next((e) => e.event === 'lead.created' && (e.data as { name: string }).name === 'Live Caller');
    const call = await events.next((e) => e.event === 'call.updated' && (e.data as { vapiCallId: string }).vapiCallId === 'live-call');
    expect(call.data).toMatchObject({ status: 'ended', leadId: (lead.data as { _id: string })._id });
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'live-call-2', number: '+919811100000', structuredData: { location: 'Goa' } })).expect(200);
    const updated = await events.next((e) => e.event === 'lead.updated' && (e.data as { location: string }).location === 'Goa');
    expect(updated.data).toMatchObject({ name: 'Live Caller' });
  });

  it('announces every lead and call of reports that arrive together, each with its own record', async () => {
    const callers = Array.from({ length: 12 }, (_, i) => ({ callId: `live-batch-${i}`, name: `Batch Caller ${i}`, number: `+9197222${String(i).padStart(5, '0')}` }));
    const deliveries = callers.flatMap(({ callId, name, number }) => {
      const report = endOfCallReport({ callId, number, structuredData: { name } });
      return [report, report];
    });
    const responses = await Promise.all(deliveries.map((delivery) => testApp.http.post('/api/webhooks/vapi').send(delivery)));
    expect(responses.map(({ status }) => status).filter((status) => status !== 200)).toEqual([]);

    for (const { callId, name, number } of callers) {
      const lead = await events.next((e) => e.event === 'lead.created' && (e.data as { name: string }).name === name);
      expect(lead.data).toMatchObject({ name, phone: number, source: 'voice bot' });
      const call = await events.next((e) => e.event === 'call.updated' && (e.data as { vapiCallId: string }).vapiCallId === callId);
      expect(call.data).toMatchObject({ status: 'ended', leadId: (lead.data as { _id: string })._id });
    }
  });

  it('announces status updates as call.updated', async () => {
    await testApp.http.post('/api/webhooks/vapi').send(statusUpdate('live-status', 'ringing')).expect(200);
    await events.next((e) => e.event === 'call.updated' && (e.data as { vapiCallId: string; status: string }).vapiCallId === 'live-status' && (e.data as { status: string }).status === 'ringing');
  });

  it('announces leads an import creates', async () => {
    await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send('name,email\nImported Live,imported.live@example.in\n').expect(200);
    await events.next((e) => e.event === 'lead.created' && (e.data as { email: string }).email === 'imported.live@example.in');
  });

  it('sends the stream headers that keep proxies from buffering it', async () => {
    const response = await fetch(eventsUrl(testApp));
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    await response.body?.cancel();
  });
});

describe('live events across two API instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp('postgresql');
    second = await startTestApp('postgresql', {}, first.database);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("delivers a webhook received by one instance to the other's browsers", async () => {
    const onSecond = await SseClient.connect(eventsUrl(second));
    try {
      await first.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'fan-out', number: '+919822200000', structuredData: { name: 'Fan Out' } })).expect(200);
      const lead = await onSecond.next((e) => e.event === 'lead.created' && (e.data as { name: string }).name === 'Fan Out');
      expect(lead.data).toMatchObject({ source: 'voice bot', phone: '+919822200000' });
      await onSecond.next((e) => e.event === 'call.updated' && (e.data as { vapiCallId: string }).vapiCallId === 'fan-out');
    } finally {
      onSecond.disconnect();
    }
  });
});

describe('notifications of apps in two schemas of one PostgreSQL database', () => {
  let first: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    first = await startTestApp('postgresql');
    other = await startTestApp('postgresql');
  });
  afterAll(async () => {
    await other.close();
    await first.close();
  });

  it('reach only the apps of their own schema', async () => {
    const channel = 'lead_desk_schema_check';
    const heard = { first: [] as string[], other: [] as string[] };
    await first.app.get(Database).listen(channel, async (payloads) => void heard.first.push(...payloads));
    await other.app.get(Database).listen(channel, async (payloads) => void heard.other.push(...payloads));
    await first.app.get(Database).publish(channel, ['from the first schema']);
    // Committed after the first: a listener that heard both would have heard the first one before it.
    await other.app.get(Database).publish(channel, ['from the other schema']);
    expect(await eventually(async () => heard.other.length > 0 && heard.first.length > 0)).toBe(true);
    expect(heard).toEqual({ first: ['from the first schema'], other: ['from the other schema'] });
  });
});
