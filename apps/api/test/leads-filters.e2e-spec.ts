import type { BoardColumn, Lead } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe.each(PROVIDERS)('archived leads, stage and owner filters, and the board on %s', (provider) => {
  let testApp: TestApp;
  let agentId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    const prisma = testApp.app.get(Database).client;
    agentId = (await prisma.staffUser.create({ data: { email: 'filter.agent@example.in', name: 'Filter Agent', role: 'agent', passwordHash: 'x' } })).id;
    const create = async (name: string, body: object) => (ids[name] = (await testApp.http.post('/api/leads').send({ name, ...body }).expect(201)).body._id);
    await create('Asha Pune', { qualified: true, location: 'Pune' });
    await create('Bela Pune', { qualified: false, location: 'Pune' });
    await create('Chetan Mumbai', { qualified: true, location: 'Mumbai' });
    await create('Dev Archived', { qualified: true, location: 'Pune' });
    await testApp.http.patch(`/api/leads/${ids['Asha Pune']}`).send({ stageId: 'stage-contacted', ownerId: agentId }).expect(200);
    await testApp.http.patch(`/api/leads/${ids['Chetan Mumbai']}`).send({ stageId: 'stage-contacted' }).expect(200);
    await testApp.http.patch(`/api/leads/${ids['Dev Archived']}`).send({ stageId: 'stage-contacted', ownerId: agentId }).expect(200);
    await testApp.http.post(`/api/leads/${ids['Dev Archived']}/archive`).expect(200);
  });
  afterAll(() => testApp.close());

  const list = async (query: string) => {
    const response = await testApp.http.get(`/api/leads?${query}`).expect(200);
    return { names: (response.body as Lead[]).map(({ name }) => name).sort(), total: Number(response.headers['x-total-count']) };
  };
  const exported = async (query: string) => {
    const response = await testApp.http.get(`/api/leads/export.csv?${query}`).expect(200);
    return response.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]).sort();
  };

  it.each([
    ['', ['Asha Pune', 'Bela Pune', 'Chetan Mumbai']],
    ['archived=true', ['Dev Archived']],
    ['stage=stage-contacted', ['Asha Pune', 'Chetan Mumbai']],
    ['stage=stage-contacted&status=qualified&q=pune', ['Asha Pune']],
    ['stage=stage-contacted&archived=true', ['Dev Archived']],
    ['owner=none', ['Bela Pune', 'Chetan Mumbai']],
    ['owner=none&status=unqualified', ['Bela Pune']],
    ['owner=none&stage=stage-new', ['Bela Pune']],
    ['q=pune', ['Asha Pune', 'Bela Pune']],
    ['stage=stage-lost', []],
  ])('GET /api/leads?%s lists, counts and exports the same leads', async (query, expected) => {
    expect(await list(query)).toEqual({ names: expected, total: expected.length });
    expect(await exported(query)).toEqual(expected);
  });

  it('filters by an owner id', async () => {
    expect(await list(`owner=${agentId}`)).toEqual({ names: ['Asha Pune'], total: 1 });
    expect(await list(`owner=${agentId}&archived=true`)).toEqual({ names: ['Dev Archived'], total: 1 });
  });

  it('leaves archived leads out of the stats', async () => {
    const stats = (await testApp.http.get('/api/leads/stats').expect(200)).body;
    expect(stats).toMatchObject({ total: 3, qualified: 2, unqualified: 1 });
    await testApp.http.post(`/api/leads/${ids['Dev Archived']}/unarchive`).expect(200);
    expect((await testApp.http.get('/api/leads/stats').expect(200)).body).toMatchObject({ total: 4, qualified: 3 });
    expect(await list('')).toMatchObject({ total: 4 });
    await testApp.http.post(`/api/leads/${ids['Dev Archived']}/archive`).expect(200);
    expect((await testApp.http.get('/api/leads/stats').expect(200)).body).toMatchObject({ total: 3 });
  });

  it('counts each stage on the board, in order, with the list’s filters', async () => {
    const board = async (query: string): Promise<BoardColumn[]> => (await testApp.http.get(`/api/leads/board?${query}`).expect(200)).body;
    const columns = await board('');
    expect(columns.map(({ stageId }) => stageId)).toEqual([
      'stage-new',
      'stage-contacted',
      'stage-site-visit-scheduled',
      'stage-site-visit-done',
      'stage-negotiation',
      'stage-booked',
      'stage-lost',
    ]);
    expect(columns.filter(({ count }) => count > 0)).toEqual([
      { stageId: 'stage-new', count: 1 },
      { stageId: 'stage-contacted', count: 2 },
    ]);
    expect((await board('status=qualified&owner=none')).filter(({ count }) => count > 0)).toEqual([{ stageId: 'stage-contacted', count: 1 }]);
    expect((await board('archived=true')).filter(({ count }) => count > 0)).toEqual([{ stageId: 'stage-contacted', count: 1 }]);
  });

  it.each([
    ['stage=not a stage', 'stage'],
    ['owner=some one', 'owner'],
    ['archived=maybe', 'archived'],
    ['owner=me', 'owner'],
  ])('answers ?%s with a 400 naming %s (list, board and export)', async (query, field) => {
    for (const path of ['/api/leads', '/api/leads/board', '/api/leads/export.csv']) {
      const response = await testApp.http.get(`${path}?${query}`).expect(400);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    }
  });
});
