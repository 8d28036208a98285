import type { Lead, LeadActivity } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'edit-secret';

describe.each(PROVIDERS)('PATCH /api/leads/:id on %s', (provider) => {
  let testApp: TestApp;
  let prisma: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_SECRET: SECRET });
    prisma = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  // Each test's lead a person of its own: leads of one name in one place would be possible duplicates of each other.
  let people = 0;
  const createLead = async (body: object = {}): Promise<Lead> =>
    (await testApp.http.post('/api/leads').send({ name: `Edit Me ${(people += 1)}`, location: 'Pune', ...body }).expect(201)).body;
  const patch = (id: string, body: object, ifMatch?: string) => {
    const request = testApp.http.patch(`/api/leads/${id}`);
    return (ifMatch === undefined ? request : request.set('If-Match', ifMatch)).send(body);
  };
  const timeline = async (id: string): Promise<LeadActivity[]> => (await testApp.http.get(`/api/leads/${id}/activity`).expect(200)).body;
  const changesOf = async (id: string) => (await timeline(id)).filter(({ type }) => type !== 'created').map(({ type, data }) => ({ type, data }));

  it('starts a new lead in New at version 1, and GET sends the version as ETag', async () => {
    const lead = await createLead();
    expect(lead).toMatchObject({ stage: { id: 'stage-new', name: 'New', kind: 'open' }, owner: null, lostReason: null, version: 1, archived: false });
    const response = await testApp.http.get(`/api/leads/${lead._id}`).expect(200);
    expect(response.headers.etag).toBe('"1"');
  });

  it('edits fields with the rules of creation, records each changed field and answers the next ETag', async () => {
    const lead = await createLead();
    const response = await patch(lead._id, { location: '  Mumbai ', phone: '98765 43210', budget: '100', qualified: false }, '"1"').expect(200);
    expect(response.headers.etag).toBe('"2"');
    expect(response.body).toMatchObject({ location: 'Mumbai', phone: '+919876543210', budget: 100, version: 2, name: lead.name });
    // Newest first: entries of one change come last-written first.
    expect(await changesOf(lead._id)).toEqual([
      { type: 'updated', data: { field: 'budget', from: null, to: 100 } },
      { type: 'updated', data: { field: 'location', from: 'Pune', to: 'Mumbai' } },
      { type: 'updated', data: { field: 'phone', from: null, to: '+919876543210' } },
    ]);
    expect((await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body).toMatchObject({ location: 'Mumbai', version: 2 });
  });

  it('lets exactly one of two PATCHes with the same If-Match win; the timeline holds only the winner’s change', async () => {
    const lead = await createLead();
    const [first, second] = await Promise.all([patch(lead._id, { location: 'Nashik' }, '"1"'), patch(lead._id, { location: 'Nagpur' }, '"1"')]);
    expect([first.status, second.status].sort()).toEqual([200, 412]);
    const [winner, loser] = first.status === 200 ? [first, second] : [second, first];
    expect(loser.body).toMatchObject({ statusCode: 412, error: 'Precondition Failed' });
    const stored = (await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body;
    expect(stored).toMatchObject({ location: winner.body.location, version: 2 });
    expect(await changesOf(lead._id)).toEqual([{ type: 'updated', data: { field: 'location', from: 'Pune', to: winner.body.location } }]);
  });

  it('refuses a stale If-Match after the voice agent updated the lead (it is a writer too), changing nothing', async () => {
    const lead = await createLead({ email: 'writer@example.in', phone: '+919844455566' });
    await testApp.http
      .post('/api/webhooks/vapi')
      .set('X-Vapi-Secret', SECRET)
      .send(endOfCallReport({ callId: 'call-edit-race', number: '+919844455566', structuredData: { name: lead.name, email: 'writer@example.in', location: 'Thane' } }))
      .expect(200);
    const stale = await patch(lead._id, { location: 'Goa' }, '"1"').expect(412);
    expect(stale.body.message).toMatch(/version 2/);
    const stored = (await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body;
    expect(stored).toMatchObject({ location: 'Thane', version: 2 });
    await patch(lead._id, { location: 'Goa' }, stored.version.toString()).expect(200);
  });

  it('moves a lead through stages; a lost stage needs a lost reason, leaving it clears the reason', async () => {
    const lead = await createLead();
    const missing = await patch(lead._id, { stageId: 'stage-lost' }).expect(400);
    expect(missing.body.errors).toEqual([{ field: 'lostReason', message: 'is required to move a lead to a lost stage' }]);
    const lost = await patch(lead._id, { stageId: 'stage-lost', lostReason: 'Bought elsewhere' }).expect(200);
    expect(lost.body).toMatchObject({ stage: { id: 'stage-lost', name: 'Lost', kind: 'lost' }, lostReason: 'Bought elsewhere', version: 2 });
    const back = await patch(lead._id, { stageId: 'stage-contacted' }).expect(200);
    expect(back.body).toMatchObject({ stage: { id: 'stage-contacted', kind: 'open' }, lostReason: null, version: 3 });
    expect(await changesOf(lead._id)).toEqual([
      { type: 'stage_changed', data: { from: { id: 'stage-lost', name: 'Lost' }, to: { id: 'stage-contacted', name: 'Contacted' }, lostReason: null } },
      { type: 'stage_changed', data: { from: { id: 'stage-new', name: 'New' }, to: { id: 'stage-lost', name: 'Lost' }, lostReason: 'Bought elsewhere' } },
    ]);
  });

  it('assigns and unassigns an owner, recorded as by staff', async () => {
    const agent = await prisma.staffUser.create({ data: { email: `owner.${provider}@example.in`, name: 'Ravi Agent', role: 'agent', passwordHash: 'x' } });
    const lead = await createLead();
    const assigned = await patch(lead._id, { ownerId: agent.id }).expect(200);
    expect(assigned.body.owner).toEqual({ id: agent.id, name: 'Ravi Agent', email: agent.email });
    const listed = (await testApp.http.get('/api/leads').expect(200)).body.find((item: Lead) => item._id === lead._id);
    expect(listed.owner).toEqual(assigned.body.owner);
    await patch(lead._id, { ownerId: null }).expect(200);
    expect(await changesOf(lead._id)).toEqual([
      { type: 'assigned', data: { from: { id: agent.id, name: 'Ravi Agent' }, to: null, by: 'staff' } },
      { type: 'assigned', data: { from: null, to: { id: agent.id, name: 'Ravi Agent' }, by: 'staff' } },
    ]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ email: 'not-an-email' }, 'email'],
    [{ phone: '12345' }, 'phone'],
    [{ qualified: 'yes' }, 'qualified'],
    [{ budget: -1 }, 'budget'],
    [{ stageId: 'no such stage!' }, 'stageId'],
    [{ stageId: 'stage-nowhere' }, 'stageId'],
    [{ ownerId: 'nobody' }, 'ownerId'],
    [{ lostReason: 'Too far' }, 'lostReason'],
    [{ isAdmin: true }, 'isAdmin'],
  ])('refuses %j with a 400 naming %s and changes nothing', async (body, field) => {
    const lead = await createLead();
    const response = await patch(lead._id, body).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    expect((await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body.version).toBe(1);
    expect(await changesOf(lead._id)).toEqual([]);
  });

  it('answers 400 naming If-Match for a header that is no version, and 404 for an unknown lead', async () => {
    const lead = await createLead();
    const response = await patch(lead._id, { location: 'X' }, 'yesterday').expect(400);
    expect(response.body.errors).toEqual([{ field: 'If-Match', message: expect.any(String) }]);
    await patch('no-such-lead', { location: 'X' }).expect(404);
  });

  it('archives and unarchives a lead, recording both', async () => {
    const lead = await createLead();
    const archived = await testApp.http.post(`/api/leads/${lead._id}/archive`).expect(200);
    expect(archived.body).toMatchObject({ archived: true, version: 2 });
    expect(archived.headers.etag).toBe('"2"');
    await testApp.http.post(`/api/leads/${lead._id}/archive`).set('If-Match', '"1"').expect(412);
    const back = await testApp.http.post(`/api/leads/${lead._id}/unarchive`).set('If-Match', '"2"').expect(200);
    expect(back.body).toMatchObject({ archived: false, version: 3 });
    expect((await changesOf(lead._id)).map(({ type }) => type)).toEqual(['unarchived', 'archived']);
  });
});
