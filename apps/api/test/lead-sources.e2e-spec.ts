import type { Lead, SavedView, SourceCount } from '@lead-desk/contracts';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

/**
 * The Source filter lists the sources in use with their counts, and `source=` finds a source
 * in any case: spellings that differ only in case are one source, the source's index still
 * serving it. Agents count their own and the unassigned leads; archived leads as the list.
 */
describe.each(PROVIDERS)('lead sources on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;

  const send = (session: StaffSession, method: 'post' | 'patch', path: string, body: object = {}) =>
    session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const lead = async (name: string, source: string, owner?: StaffSession) => {
    const id: string = (await send(admin, 'post', '/api/leads', { name, source }).expect(201)).body._id;
    if (owner) await send(admin, 'patch', `/api/leads/${id}`, { ownerId: owner.id }).expect(200);
    return id;
  };

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    await lead('Voice One', 'voice bot', ravi);
    await lead('Voice Two', 'voice bot');
    await lead('Voice Three', 'Voice Bot', meera);
    await lead('Chat One', 'chat bot');
    await lead('Chat Two', 'Chat Bot', ravi);
    await lead('Form One', 'web form', meera);
    await send(admin, 'post', `/api/leads/${await lead('Archived Voice', 'VOICE BOT')}/archive`).expect(200);
  });
  afterAll(() => testApp.close());

  const sources = async (session: StaffSession, query = ''): Promise<SourceCount[]> => (await session.agent.get(`/api/leads/sources${query}`).expect(200)).body;
  const list = async (query: string, session = admin) => {
    const response = await session.agent.get(`/api/leads?${query}`).expect(200);
    return { names: (response.body as Lead[]).map(({ name }) => name).sort(), total: Number(response.headers['x-total-count']) };
  };

  it('lists the sources in use with their counts, spellings that differ only in case as one, most used first', async () => {
    expect(await sources(admin)).toEqual([
      { source: 'voice bot', count: 3 },
      { source: 'Chat Bot', count: 2 },
      { source: 'web form', count: 1 },
    ]);
    expect(await sources(admin, '?archived=true')).toEqual([{ source: 'VOICE BOT', count: 1 }]);
  });

  it("counts an agent's own and the unassigned leads only", async () => {
    expect(await sources(ravi)).toEqual([
      { source: 'Chat Bot', count: 2 },
      { source: 'voice bot', count: 2 },
    ]);
    expect(await sources(meera)).toEqual([
      { source: 'Voice Bot', count: 2 },
      { source: 'chat bot', count: 1 },
      { source: 'web form', count: 1 },
    ]);
  });

  it.each([
    ['source=voice%20bot', ['Voice One', 'Voice Three', 'Voice Two']],
    ['source=VOICE%20BOT', ['Voice One', 'Voice Three', 'Voice Two']],
    ['source=Voice%20Bot&status=all', ['Voice One', 'Voice Three', 'Voice Two']],
    ['source=%20chat%20BOT%20', ['Chat One', 'Chat Two']],
    ['source=voice', []],
    ['source=Voice%20Bot&archived=true', ['Archived Voice']],
    ['source=web%20form&archived=true', []],
  ])('GET /api/leads?%s finds the source in any case: listed, counted, exported and on the board alike', async (query, names) => {
    expect(await list(query)).toEqual({ names, total: names.length });
    const csv = await admin.agent.get(`/api/leads/export.csv?${query}`).expect(200);
    expect(csv.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]).sort()).toEqual(names);
    if (!query.includes('archived=true')) {
      const board: { count: number }[] = (await admin.agent.get(`/api/leads/board?${query}`).expect(200)).body;
      expect(board.reduce((sum, { count }) => sum + count, 0)).toBe(names.length);
    }
  });

  it("keeps an agent's source filter to their own and the unassigned leads", async () => {
    expect(await list('source=VOICE%20BOT', ravi)).toEqual({ names: ['Voice One', 'Voice Two'], total: 2 });
    expect(await list('source=chat%20bot', meera)).toEqual({ names: ['Chat One'], total: 1 });
  });

  it('keeps a saved view to the source it saved, in any case the leads write it', async () => {
    const view: SavedView = (await send(admin, 'post', '/api/views', { name: 'From the voice bot', filter: { source: 'Voice Bot' } }).expect(201)).body;
    expect(view).toMatchObject({ filter: { source: 'Voice Bot' }, count: 3, dropped: [] });
  });

  it('counts again once the leads change', async () => {
    expect(await sources(ravi)).toHaveLength(2);
    await lead('Walk In One', 'Walk-in');
    expect(await sources(ravi)).toEqual([
      { source: 'Chat Bot', count: 2 },
      { source: 'voice bot', count: 2 },
      { source: 'Walk-in', count: 1 },
    ]);
    expect(await list('source=WALK-IN', ravi)).toEqual({ names: ['Walk In One'], total: 1 });
  });

  it('answers a bad archived with a 400 naming it', async () => {
    const response = await admin.agent.get('/api/leads/sources?archived=maybe').expect(400);
    expect(response.body.errors).toContainEqual({ field: 'archived', message: 'must be true or false' });
  });
});
