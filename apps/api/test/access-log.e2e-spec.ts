import type { AccessLogEntry } from '@lead-desk/contracts';
import { FakeVapiServer } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { signIn, signedInAgent, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe.each(PROVIDERS)('the access log (GET /api/audit) on %s', (provider) => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;
  let leadId: string;
  let callId: string;

  beforeAll(async () => {
    await fake.start();
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, VAPI_API_URL: fake.url, VAPI_PRIVATE_KEY: 'private-key', VAPI_RECORDING_HOSTS: '127.0.0.1' });
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Neha Agent');
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-logged', number: '+919860000101' })).expect(200);
    const call = await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId: 'call-logged' } });
    callId = call.id;
    leadId = call.leadId!;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });

  const audit = async (query = ''): Promise<{ entries: AccessLogEntry[]; link: string | undefined }> => {
    const response = await admin.agent.get(`/api/audit${query}`).expect(200);
    return { entries: response.body as AccessLogEntry[], link: response.headers.link as string | undefined };
  };

  it('records who opened a lead, played its recording and exported leads, with ids, filters and counts only', async () => {
    await agent.agent.get(`/api/leads/${leadId}`).expect(200);
    await admin.agent.get(`/api/calls/${callId}/recording`).buffer(true).expect(200);
    // A seek is the same playing: not logged again.
    await admin.agent.get(`/api/calls/${callId}/recording`).set('Range', 'bytes=1000-1999').buffer(true).expect(206);
    await admin.agent.get('/api/leads/export.csv?status=qualified&q=Sanjay').expect(200);

    const { entries } = await audit();
    expect(entries.map(({ action, actor, leadId: lead, targetIds }) => ({ action, actor: actor?.id, lead, targetIds }))).toEqual([
      { action: 'leads_exported', actor: admin.id, lead: null, targetIds: [] },
      { action: 'recording_played', actor: admin.id, lead: leadId, targetIds: [callId] },
      { action: 'lead_viewed', actor: agent.id, lead: leadId, targetIds: [] },
    ]);
    expect(entries[0].details).toEqual({ filter: { status: 'qualified', archived: false, search: true }, rows: 1 });
    expect(entries[2].actor).toEqual({ id: agent.id, name: 'Neha Agent' });
    // The search text may be a person's name: the log keeps only that there was one.
    expect(JSON.stringify(entries)).not.toMatch(/Sanjay|9860000101/);
  });

  it('records each change of consent and Do Not Call, by whom and how, without the reason’s words', async () => {
    const as = (path: string, body: object) => admin.agent.post(path).set('X-CSRF-Token', admin.csrf).send(body);
    const consent = (await as(`/api/leads/${leadId}/consents`, { wording: 'Yes, call me about flats in Pune.' }).expect(201)).body;
    await as(`/api/leads/${leadId}/consents/${consent.id}/withdraw`, {}).expect(200);
    await admin.agent.patch(`/api/leads/${leadId}`).set('X-CSRF-Token', admin.csrf).send({ doNotCall: true, doNotCallReason: 'Asked Sanjay not to' }).expect(200);

    const changes = (await audit(`?lead=${leadId}`)).entries.filter(({ action }) => action === 'consent_changed' || action === 'do_not_call_changed');
    expect(changes.map(({ action, actor, targetIds, details }) => ({ action, actor: actor?.id, targetIds, details }))).toEqual([
      { action: 'do_not_call_changed', actor: admin.id, targetIds: [], details: { doNotCall: true, by: 'staff' } },
      { action: 'consent_changed', actor: admin.id, targetIds: [consent.id], details: { change: 'withdrawn', via: 'staff', by: 'staff' } },
      { action: 'consent_changed', actor: admin.id, targetIds: [consent.id], details: { change: 'given', channel: 'staff', by: 'staff' } },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/Sanjay/);
  });

  it('is for admins only', async () => {
    const refused = await agent.agent.get('/api/audit').expect(403);
    expect(refused.body).toMatchObject({ statusCode: 403 });
    await testApp.http.get('/api/audit').expect(401);
  });

  it('filters by actor, action and lead, and pages newest first with a Link to the next page', async () => {
    for (let i = 0; i < 5; i += 1) await admin.agent.get(`/api/leads/${leadId}`).expect(200);
    const byAgent = await audit(`?actor=${agent.id}`);
    expect(byAgent.entries.map(({ action }) => action)).toEqual(['lead_viewed']);
    const views = await audit(`?action=lead_viewed&lead=${leadId}`);
    expect(views.entries).toHaveLength(6);
    expect(await audit(`?lead=no-such-lead`)).toEqual({ entries: [], link: undefined });

    const seen: string[] = [];
    let next: string | undefined = `/api/audit?action=lead_viewed&limit=4`;
    while (next) {
      const response: { body: AccessLogEntry[]; headers: Record<string, string> } = await admin.agent.get(next).expect(200);
      seen.push(...response.body.map(({ id }) => id));
      next = /<([^>]+)>; rel="next"/.exec(response.headers.link ?? '')?.[1];
    }
    expect(seen).toEqual(views.entries.map(({ id }) => id));
  });

  it('names a bad filter in a 400', async () => {
    const bad = await admin.agent.get('/api/audit?action=deleted_everything&limit=0').expect(400);
    expect(bad.body.errors.map(({ field }: { field: string }) => field).sort()).toEqual(['action', 'limit']);
  });
});
