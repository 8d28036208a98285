import type { Job, Lead } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { jobEnded } from './support/bulk-jobs';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 22, point 6: an agent assigns a lead only to themselves or to nobody (what the page
 * offers them), on every path that sets an owner; an admin assigns anyone.
 */
describe.each(PROVIDERS)('who an agent may assign leads to on %s', (provider) => {
  let testApp: TestApp;
  let db: Database['client'];
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    db = testApp.app.get(Database).client;
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Nair');
  });
  afterAll(() => testApp.close());

  let phone = 9_600_000_000;
  /** A lead nobody owns, made by `by` (assignment is off: no round-robin). */
  const newLead = async (by: StaffSession, name: string): Promise<Lead> => {
    phone += 1;
    return (await by.agent.post('/api/leads').set('X-CSRF-Token', by.csrf).send({ name, phone: `+91${phone}` }).expect(201)).body;
  };
  const patch = (by: StaffSession, leadId: string, changes: Record<string, unknown>) => by.agent.patch(`/api/leads/${leadId}`).set('X-CSRF-Token', by.csrf).send(changes);
  const bulk = (by: StaffSession, body: Record<string, unknown>) => by.agent.post('/api/leads/bulk').set('X-CSRF-Token', by.csrf).send(body);
  const stored = (id: string) => db.lead.findUniqueOrThrow({ where: { id }, select: { ownerId: true, version: true } });
  const assignments = (id: string) => db.leadActivity.count({ where: { leadId: id, type: 'assigned' } });

  const expectOwnerRefused = (response: { status: number; body: unknown; headers: Record<string, string> }, field: string) => {
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'An agent assigns leads only to themselves or to nobody; an admin assigns them to anyone.',
      errors: [{ field, message: 'must be your own id or null: an agent assigns leads only to themselves or to nobody' }],
    });
  };

  it("refuses an agent's edit giving a lead to a colleague or to an admin: 403 naming ownerId, nothing changed", async () => {
    const lead = await newLead(ravi, 'Unassigned Umesh');
    const before = await stored(lead._id);

    expectOwnerRefused(await patch(ravi, lead._id, { ownerId: meera.id }), 'ownerId');
    expectOwnerRefused(await patch(ravi, lead._id, { ownerId: admin.id, location: 'Pune' }), 'ownerId');

    expect(await stored(lead._id)).toEqual(before);
    expect((await ravi.agent.get(`/api/leads/${lead._id}`).expect(200)).body).toMatchObject({ owner: null, location: null });
    expect(await assignments(lead._id)).toBe(0);
  });

  it('lets an agent take a lead and let it go again', async () => {
    const lead = await newLead(ravi, 'Taken Tanvi');
    expect((await patch(ravi, lead._id, { ownerId: ravi.id }).expect(200)).body.owner).toMatchObject({ id: ravi.id });
    expect((await patch(ravi, lead._id, { ownerId: null }).expect(200)).body.owner).toBeNull();
  });

  it('lets an admin give a lead to any member of staff', async () => {
    const lead = await newLead(admin, 'Admin Assigned');
    expect((await patch(admin, lead._id, { ownerId: meera.id }).expect(200)).body.owner).toMatchObject({ id: meera.id });
    expect((await patch(admin, lead._id, { ownerId: admin.id }).expect(200)).body.owner).toMatchObject({ id: admin.id });
  });

  it("refuses an agent's bulk assign to a colleague or an admin, by ids or by filter: 403 naming action.ownerId, no job made", async () => {
    const lead = await newLead(ravi, 'Bulk Bina');
    const jobsBefore = await db.job.count();

    expectOwnerRefused(await bulk(ravi, { ids: [lead._id], action: { type: 'assign', ownerId: meera.id } }), 'action.ownerId');
    expectOwnerRefused(await bulk(ravi, { filter: { q: 'Bulk Bina' }, action: { type: 'assign', ownerId: admin.id } }), 'action.ownerId');

    expect(await db.job.count()).toBe(jobsBefore);
    expect(await stored(lead._id)).toMatchObject({ ownerId: null });
  });

  it('runs an agent’s bulk assign to themselves, and an admin’s to anyone', async () => {
    const mine = await newLead(ravi, 'Bulk Mine');
    const readJob = (by: StaffSession) => async (id: string): Promise<Job> => (await by.agent.get(`/api/jobs/${id}`).expect(200)).body;

    const own = await bulk(ravi, { ids: [mine._id], action: { type: 'assign', ownerId: ravi.id } }).expect(202);
    expect(await jobEnded(readJob(ravi), own.body.id)).toMatchObject({ status: 'succeeded', changed: 1 });
    expect(await stored(mine._id)).toMatchObject({ ownerId: ravi.id });

    const byAdmin = await bulk(admin, { ids: [mine._id], action: { type: 'assign', ownerId: meera.id } }).expect(202);
    expect(await jobEnded(readJob(admin), byAdmin.body.id)).toMatchObject({ status: 'succeeded', changed: 1 });
    expect(await stored(mine._id)).toMatchObject({ ownerId: meera.id });
  });

  it('leaves an agent no other way to set an owner: creating with one, importing and merging a colleague’s lead', async () => {
    const created = await ravi.agent.post('/api/leads').set('X-CSRF-Token', ravi.csrf).send({ name: 'Owned On Creation', ownerId: meera.id });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ field: 'ownerId', message: 'is not a known field' }]);
    expect(await db.lead.count({ where: { name: 'Owned On Creation' } })).toBe(0);

    const csv = 'name,phone,owner\nImported Owner,+919612345678,meera.nair@example.in\n';
    for (const route of ['/api/leads/import', '/api/leads/import/jobs']) {
      const imported = await ravi.agent.post(route).set('X-CSRF-Token', ravi.csrf).set('Content-Type', 'text/csv').send(csv);
      expect([route, imported.status]).toEqual([route, 403]);
    }
    expect(await db.lead.count({ where: { name: 'Imported Owner' } })).toBe(0);

    // A merge keeps one of the two leads' owners, and an agent merges only leads in their sight: theirs or nobody's.
    const colleagues = await newLead(admin, 'Colleague Lead');
    await patch(admin, colleagues._id, { ownerId: meera.id }).expect(200);
    const own = await newLead(ravi, 'Own Lead');
    const merge = await ravi.agent
      .post('/api/leads/merge')
      .set('X-CSRF-Token', ravi.csrf)
      .send({ keepId: own._id, mergeId: colleagues._id, keepVersion: own.version, mergeVersion: 2, choose: { owner: 'merged' } });
    expect(merge.status).toBe(404);
    expect(await stored(own._id)).toMatchObject({ ownerId: null });
  });
});
