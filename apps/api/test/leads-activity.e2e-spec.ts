import type { LeadActivity } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { failInsertsInto, restoreInsertsInto } from './support/call-write-failure';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'activity-secret';

describe.each(PROVIDERS)('the lead activity log on %s', (provider) => {
  let testApp: TestApp;
  let prisma: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_SECRET: SECRET });
    prisma = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  const timeline = async (leadId: string): Promise<LeadActivity[]> => (await testApp.http.get(`/api/leads/${leadId}/activity`).expect(200)).body;
  const importCsv = (csv: string) => testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv);
  const webhook = (body: unknown) => testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send(body as object);
  const leadByEmail = (email: string) => prisma.lead.findFirst({ where: { email } });

  it('records a lead created by POST /api/leads as created with its source, the voice agent / open mode as no actor', async () => {
    const lead = (await testApp.http.post('/api/leads').send({ name: 'Kavya Rao', source: 'walk-in' }).expect(201)).body;
    expect(await timeline(lead._id)).toEqual([
      { id: expect.any(String), leadId: lead._id, type: 'created', at: expect.any(String), actor: null, data: { source: 'walk-in' } },
    ]);
  });

  it('records imported leads, and each field an import really changes, in the same batch', async () => {
    await importCsv('name,email,location\nNisha Iyer,nisha@example.in,Pune\n').expect(200);
    const lead = (await leadByEmail('nisha@example.in'))!;
    expect((await timeline(lead.id)).map(({ type, data }) => ({ type, data }))).toEqual([{ type: 'imported', data: { line: 2, outcome: 'created' } }]);

    // Filling (the default): the budget the lead lacked is written, its location kept.
    await importCsv('name,email,location,budget\nNisha Iyer,nisha@example.in,Mumbai,45 Lakh\n').expect(200);
    expect((await timeline(lead.id)).map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'updated', data: { field: 'budget', from: null, to: '45 Lakh' } },
      { type: 'imported', data: { line: 2, outcome: 'updated' } },
      { type: 'imported', data: { line: 2, outcome: 'created' } },
    ]);
    // Overwriting: the location too.
    await testApp.http.post('/api/leads/import?onMatch=overwrite').set('Content-Type', 'text/csv').send('name,email,location\nNisha Iyer,nisha@example.in,Mumbai\n').expect(200);
    expect((await timeline(lead.id)).slice(0, 2).map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'updated', data: { field: 'location', from: 'Pune', to: 'Mumbai' } },
      { type: 'imported', data: { line: 2, outcome: 'updated' } },
    ]);
    expect((await leadByEmail('nisha@example.in'))!.version).toBe(3);
  });

  it('records a lead the voice agent created, the call, and nothing more for a repeated delivery', async () => {
    await webhook(endOfCallReport({ callId: 'call-activity', number: '+919811122233', structuredData: { name: 'Rohan Mehta', email: 'rohan@example.in', location: 'Pune' } })).expect(200);
    await webhook(endOfCallReport({ callId: 'call-activity', number: '+919811122233', structuredData: { name: 'Rohan Mehta', email: 'rohan@example.in', location: 'Pune' } })).expect(200);
    const lead = (await leadByEmail('rohan@example.in'))!;
    const call = (await prisma.call.findUnique({ where: { vapiCallId: 'call-activity' } }))!;
    const entries = await timeline(lead.id);
    expect(entries.map(({ type, actor, data }) => ({ type, actor, data }))).toEqual([
      {
        type: 'call',
        actor: null,
        data: { callId: call.id, vapiCallId: 'call-activity', status: 'ended', endedReason: 'customer-ended-call', summary: expect.stringContaining('3 BHK') },
      },
      { type: 'created', actor: null, data: { source: 'voice bot' } },
    ]);
  });

  it('records the fields a later call changes on a known caller, and bumps the version', async () => {
    await webhook(endOfCallReport({ callId: 'call-known-1', number: '+919822233344', structuredData: { name: 'Asha Pillai', email: 'asha@example.in', location: 'Pune' } })).expect(200);
    const before = (await leadByEmail('asha@example.in'))!;
    await webhook(endOfCallReport({ callId: 'call-known-2', number: '+919822233344', structuredData: { name: 'Asha Pillai', email: 'asha@example.in', location: 'Nashik' } })).expect(200);
    const after = (await leadByEmail('asha@example.in'))!;
    expect(after.version).toBe(before.version + 1);
    const types = (await timeline(after.id)).map(({ type, data }) => ({ type, data }));
    expect(types.filter(({ type }) => type === 'updated')).toEqual([{ type: 'updated', data: { field: 'location', from: 'Pune', to: 'Nashik' } }]);
    expect(types.filter(({ type }) => type === 'call')).toHaveLength(2);
  });

  it('records a call that ends by a status update alone, once', async () => {
    const lead = (await testApp.http.post('/api/leads').send({ name: 'Outbound Olivia' }).expect(201)).body;
    await webhook(statusUpdate('call-status-only', 'in-progress', { metadata: { leadId: lead._id } } as never)).expect(200);
    await webhook(statusUpdate('call-status-only', 'ended', { metadata: { leadId: lead._id } } as never)).expect(200);
    await webhook(statusUpdate('call-status-only', 'ended', { metadata: { leadId: lead._id } } as never)).expect(200);
    const calls = (await timeline(lead._id)).filter(({ type }) => type === 'call');
    expect(calls.map(({ data }) => data)).toEqual([expect.objectContaining({ vapiCallId: 'call-status-only', status: 'ended', endedReason: 'customer-ended-call', summary: null })]);
  });

  it('writes nothing of a webhook or an import whose activity cannot be written: one transaction', async () => {
    await failInsertsInto(prisma, provider, 'lead_activities');
    try {
      await webhook(endOfCallReport({ callId: 'call-no-activity', number: '+919833344455', structuredData: { name: 'Tx Tara', email: 'tara@example.in' } })).expect(202);
      expect(await leadByEmail('tara@example.in')).toBeNull();
      expect(await prisma.call.findUnique({ where: { vapiCallId: 'call-no-activity' } })).toBeNull();

      await importCsv('name,email\nImport Isha,isha@example.in\n').expect(500);
      expect(await leadByEmail('isha@example.in')).toBeNull();

      await testApp.http.post('/api/leads').send({ name: 'Form Farah', email: 'farah@example.in' }).expect(500);
      expect(await leadByEmail('farah@example.in')).toBeNull();
    } finally {
      await restoreInsertsInto(prisma, provider, 'lead_activities');
    }
  });

  it('pages newest first with a Link to the next page, and answers 404 for an unknown lead and 400 for a bad cursor', async () => {
    await importCsv('name,email,location\nPage Priya,priya@example.in,A\n').expect(200);
    for (const location of ['B', 'C', 'D']) await testApp.http.post('/api/leads/import?onMatch=overwrite').set('Content-Type', 'text/csv').send(`name,email,location\nPage Priya,priya@example.in,${location}\n`).expect(200);
    const lead = (await leadByEmail('priya@example.in'))!;
    const all = await timeline(lead.id);
    expect(all).toHaveLength(7);
    const first = await testApp.http.get(`/api/leads/${lead.id}/activity?limit=4`).expect(200);
    expect(first.body).toEqual(all.slice(0, 4));
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link)![1];
    const second = await testApp.http.get(next).expect(200);
    expect(second.body).toEqual(all.slice(4));
    expect(second.headers.link).toBeUndefined();

    await testApp.http.get('/api/leads/no-such-lead/activity').expect(404);
    const bad = await testApp.http.get(`/api/leads/${lead.id}/activity?cursor=nonsense`).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'cursor', message: expect.any(String) }]);
    const badLimit = await testApp.http.get(`/api/leads/${lead.id}/activity?limit=0`).expect(400);
    expect(badLimit.body.errors).toEqual([{ field: 'limit', message: 'must be at least 1' }]);
  });
});
