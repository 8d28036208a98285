import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { SseClient } from './support/sse-client';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

/**
 * AUTH_MODE=staff: an agent sees the leads they own and the unassigned ones; a
 * colleague's lead is a 404 on every route, and lists, counts, stats and live events
 * leave it out. Admins see everything.
 */
describe.each(PROVIDERS)('which leads an agent sees, on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  const lead = { ravis: '', meeras: '', unassigned: '' };
  let meerasCall = '';

  const createLead = async (name: string, phone: string) =>
    (await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name, phone }).expect(201)).body._id as string;
  const setRouting = (mode: 'round-robin' | 'off') => admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode }).expect(200);
  const eventsUrl = () => `http://127.0.0.1:${(testApp.app.getHttpServer().address() as { port: number }).port}/api/events`;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    await setRouting('round-robin');
    // Routed in turn: Ravi's account is older, so he gets the first.
    lead.ravis = await createLead('Ravi Lead', '+919811100001');
    lead.meeras = await createLead('Meera Lead', '+919811100002');
    await setRouting('off');
    lead.unassigned = await createLead('Nobody Lead', '+919811100003');
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'meera-call', number: '+919811100002', structuredData: { name: 'Meera Lead' } })).expect(200);
    meerasCall = (await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId: 'meera-call' } })).id;
  });
  afterAll(() => testApp.close());

  it('owns the leads as routed', async () => {
    const owners = await testApp.app.get(Database).client.lead.findMany({ select: { id: true, ownerId: true } });
    expect(Object.fromEntries(owners.map(({ id, ownerId }) => [id, ownerId]))).toEqual({ [lead.ravis]: ravi.id, [lead.meeras]: meera.id, [lead.unassigned]: null });
  });

  it("lists an agent's own and the unassigned leads, counted as such; an admin's list has them all", async () => {
    const list = await ravi.agent.get('/api/leads').expect(200);
    expect(list.body.map((shown: { _id: string }) => shown._id).sort()).toEqual([lead.ravis, lead.unassigned].sort());
    expect(list.headers['x-total-count']).toBe('2');
    const searched = await ravi.agent.get('/api/leads').query({ q: 'Lead' }).expect(200);
    expect(searched.headers['x-total-count']).toBe('2');
    const all = await admin.agent.get('/api/leads').expect(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect((await meera.agent.get('/api/leads').expect(200)).body.map((shown: { _id: string }) => shown._id).sort()).toEqual([lead.meeras, lead.unassigned].sort());
  });

  it("counts an agent's stats over the leads they see", async () => {
    expect((await ravi.agent.get('/api/leads/stats').expect(200)).body).toMatchObject({ total: 2, thisMonth: 2 });
    expect((await admin.agent.get('/api/leads/stats').expect(200)).body).toMatchObject({ total: 3, thisMonth: 3 });
    const daily = async (session: StaffSession) =>
      ((await session.agent.get('/api/leads/stats/daily').query({ days: 2 }).expect(200)).body as { qualified: number; unqualified: number }[]).reduce(
        (sum, day) => sum + day.qualified + day.unqualified,
        0,
      );
    expect([await daily(ravi), await daily(admin)]).toEqual([2, 3]);
  });

  it("answers a colleague's lead, its calls and its recording as missing, and places no call to it", async () => {
    await ravi.agent.get(`/api/leads/${lead.ravis}`).expect(200);
    await ravi.agent.get(`/api/leads/${lead.unassigned}`).expect(200);
    const details = await ravi.agent.get(`/api/leads/${lead.meeras}`).expect(404);
    expect(details.body).toEqual({ statusCode: 404, error: 'Not Found', message: `No lead with id ${lead.meeras}.` });
    const call = await ravi.agent.get(`/api/calls/${meerasCall}`).expect(404);
    expect(call.body.message).toBe(`No call with id ${meerasCall}.`);
    const recording = await ravi.agent.get(`/api/calls/${meerasCall}/recording`).expect(404);
    expect(recording.body.message).toBe(`No call with id ${meerasCall}.`);
    const placed = await ravi.agent.post('/api/calls').set('X-CSRF-Token', ravi.csrf).send({ leadId: lead.meeras }).expect(404);
    expect(placed.body.message).toBe(`No lead with id ${lead.meeras}.`);
    // The owner and admins see them.
    expect((await meera.agent.get(`/api/leads/${lead.meeras}`).expect(200)).body.calls.map((c: { id: string }) => c.id)).toEqual([meerasCall]);
    await meera.agent.get(`/api/calls/${meerasCall}`).expect(200);
    await admin.agent.get(`/api/calls/${meerasCall}`).expect(200);
    await admin.agent.get(`/api/leads/${lead.meeras}`).expect(200);
  });

  it('exports every lead for an admin', async () => {
    const csv = await admin.agent.get('/api/leads/export.csv').expect(200);
    expect(csv.text.trim().split('\n')).toHaveLength(4);
  });

  it("sends an agent live events about the leads they see, and nothing about a change to a colleague's lead", async () => {
    const raviEvents = await SseClient.connect(eventsUrl(), { Cookie: ravi.cookie });
    const adminEvents = await SseClient.connect(eventsUrl(), { Cookie: admin.cookie });
    try {
      // A call updates Meera's lead; a new lead is routed to Meera; then a change Ravi may see, which marks the end.
      await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'meera-call-2', number: '+919811100002', structuredData: { name: 'Meera Lead' } })).expect(200);
      await admin.agent.patch(`/api/staff/${ravi.id}`).set('X-CSRF-Token', admin.csrf).send({ available: false }).expect(200);
      await setRouting('round-robin');
      await createLead('Routed Past Ravi', '+919811100004');
      await setRouting('off');
      await createLead('Marker Lead', '+919811100005');

      const isMarker = (event: { event: string; data: unknown }) => event.event === 'lead.created' && (event.data as { name: string }).name === 'Marker Lead';
      await raviEvents.next(isMarker);
      await adminEvents.next(isMarker);
      const seen = (client: SseClient) => client.received().map(({ event, data }) => `${event} ${(data as { name?: string; id?: string; vapiCallId?: string }).name ?? (data as { vapiCallId?: string }).vapiCallId ?? (data as { id: string }).id}`);
      expect(seen(raviEvents)).toEqual(['lead.created Marker Lead']);
      expect(seen(adminEvents)).toEqual(['lead.updated Meera Lead', 'call.updated meera-call-2', 'lead.created Routed Past Ravi', 'lead.created Marker Lead']);
    } finally {
      raviEvents.disconnect();
      adminEvents.disconnect();
    }
  });
});
