import type { SavedView } from '@lead-desk/contracts';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

describe.each(PROVIDERS)('saved views on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;

  const send = (session: StaffSession, method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) =>
    session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const views = async (session: StaffSession): Promise<SavedView[]> => (await session.agent.get('/api/views').expect(200)).body;
  const lead = async (name: string, body: object = {}): Promise<string> => (await send(admin, 'post', '/api/leads', { name, ...body }).expect(201)).body._id;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    const pune = await lead('View Pune Hot', { qualified: true, location: 'Pune' });
    const puneCold = await lead('View Pune Cold', { qualified: false, location: 'Pune' });
    const ravis = await lead('View Ravi Own', { qualified: true, location: 'Pune' });
    await send(admin, 'put', `/api/leads/${pune}/tags`, { tags: ['Hot'] }).expect(200);
    await send(admin, 'put', `/api/leads/${puneCold}/tags`, { tags: ['Cold'] }).expect(200);
    await send(admin, 'put', `/api/leads/${ravis}/tags`, { tags: ['Hot'] }).expect(200);
    await send(admin, 'patch', `/api/leads/${ravis}`, { ownerId: ravi.id, stageId: 'stage-contacted' }).expect(200);
  });
  afterAll(() => testApp.close());

  it('saves a private view with its filter and answers it with its live count', async () => {
    const created = await send(ravi, 'post', '/api/views', { name: '  Hot in Pune ', filter: { q: 'view pune', tag: ['HOT'] } }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Hot in Pune',
      shared: false,
      owner: { id: ravi.id, name: 'Ravi Kumar' },
      editable: true,
      filter: { status: 'all', q: 'view pune', tag: ['hot'], archived: false },
      dropped: [],
      count: 1,
    });
    expect((await views(ravi)).map(({ name }) => name)).toContain('Hot in Pune');
    expect((await views(meera)).map(({ name }) => name)).not.toContain('Hot in Pune');
    await send(meera, 'patch', `/api/views/${created.body.id}`, { name: 'Mine now' }).expect(404);
  });

  it('counts over the leads the viewer may see, and follows changes to the leads', async () => {
    const created = await send(ravi, 'post', '/api/views', { name: 'Mine', shared: true, filter: { owner: 'me' } }).expect(201);
    expect(created.body.count).toBe(1);
    const hot = (await send(admin, 'post', '/api/views', { name: 'All hot', shared: true, filter: { tag: ['hot'] } }).expect(201)).body;
    expect(hot.count).toBe(2);
    const asMeera = (await views(meera)).find(({ id }) => id === hot.id);
    // Ravi's lead is out of Meera's sight: her count of the same view leaves it out.
    expect(asMeera).toMatchObject({ count: 1, editable: false });
    const another = await lead('View Another Hot');
    await send(admin, 'put', `/api/leads/${another}/tags`, { tags: ['hot'] }).expect(200);
    expect((await views(admin)).find(({ id }) => id === hot.id)?.count).toBe(3);
  });

  it('lets its author or, once shared, an admin change or delete a view; others get 403', async () => {
    const shared = (await send(ravi, 'post', '/api/views', { name: 'Team cold', shared: true, filter: { tag: ['cold'] } }).expect(201)).body;
    await send(meera, 'patch', `/api/views/${shared.id}`, { name: 'Meera cold' }).expect(403);
    await send(meera, 'delete', `/api/views/${shared.id}`).expect(403);
    const renamed = await send(admin, 'patch', `/api/views/${shared.id}`, { name: 'Cold leads', filter: { status: 'unqualified', tag: ['cold'] } }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Cold leads', filter: { status: 'unqualified', tag: ['cold'] }, count: 1, editable: true });
    await send(ravi, 'delete', `/api/views/${shared.id}`).expect(204);
    expect((await views(admin)).map(({ id }) => id)).not.toContain(shared.id);
  });

  it('opens a view whose stage, owner or tag no longer exists, saying what it dropped', async () => {
    const stage = (await send(admin, 'post', '/api/stages', { name: 'Short lived', kind: 'open' }).expect(201)).body;
    const gone = await signedInAgent(testApp, admin, 'Gone Agent');
    const created = (
      await send(admin, 'post', '/api/views', { name: 'Stale', filter: { stage: stage.id, owner: gone.id, tag: ['hot', 'nobody-has-this'] } }).expect(201)
    ).body;
    await send(admin, 'patch', `/api/stages/${stage.id}`, { archived: true }).expect(200);
    await send(admin, 'delete', `/api/staff/${gone.id}`).expect(204);
    const stale = (await views(admin)).find(({ id }) => id === created.id)!;
    expect(stale.dropped).toEqual([
      { field: 'stage', value: stage.id },
      { field: 'owner', value: gone.id },
      { field: 'tag', value: 'nobody-has-this' },
    ]);
    expect(stale.filter).toEqual({ status: 'all', tag: ['hot'], archived: false });
    expect(stale.count).toBe(3);
  });

  it.each([
    [{ filter: {} }, 'name'],
    [{ name: '', filter: {} }, 'name'],
    [{ name: 'x'.repeat(81), filter: {} }, 'name'],
    [{ name: 'No filter' }, 'filter'],
    [{ name: 'Bad status', filter: { status: 'warm' } }, 'filter.status'],
    [{ name: 'Bad tag', filter: { tag: ['x'.repeat(41)] } }, 'filter.tag.0'],
    [{ name: 'Unknown key', filter: { colour: 'red' } }, 'filter.colour'],
    [{ name: 'Bad shared', shared: 'yes', filter: {} }, 'shared'],
  ])('answers 400 naming the field for %j, and saves nothing', async (body, field) => {
    const before = (await views(admin)).length;
    const response = await send(admin, 'post', '/api/views', body).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await views(admin)).toHaveLength(before);
  });

  it('is for signed-in staff only', async () => {
    await testApp.http.get('/api/views').expect(401);
  });
});
