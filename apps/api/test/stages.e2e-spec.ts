import type { Stage } from '@lead-desk/contracts';
import { SseClient } from './support/sse-client';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const DEFAULT_STAGES = [
  ['stage-new', 'New', 'open'],
  ['stage-contacted', 'Contacted', 'open'],
  ['stage-site-visit-scheduled', 'Site Visit Scheduled', 'open'],
  ['stage-site-visit-done', 'Site Visit Done', 'open'],
  ['stage-negotiation', 'Negotiation', 'open'],
  ['stage-booked', 'Booked', 'won'],
  ['stage-lost', 'Lost', 'lost'],
];

describe.each(PROVIDERS)('stages on %s', (provider) => {
  let testApp: TestApp;

  // Each test starts from the default pipeline: stage changes are global to the app.
  beforeEach(async () => {
    testApp = await startTestApp(provider);
  });
  afterEach(() => testApp.close());

  const stages = async (): Promise<Stage[]> => (await testApp.http.get('/api/stages').expect(200)).body;
  const order = async () => (await stages()).map(({ id, position }) => [id, position]);

  it('lists the seven default stages by position', async () => {
    expect(await stages()).toEqual(DEFAULT_STAGES.map(([id, name, kind], index) => ({ id, name, kind, position: index + 1, archived: false })));
  });

  it('adds a stage last, or at a position with the others shifting, and announces the pipeline live', async () => {
    const address = testApp.app.getHttpServer().address() as { port: number };
    const events = await SseClient.connect(`http://127.0.0.1:${address.port}/api/events`);
    try {
      const last = await testApp.http.post('/api/stages').send({ name: 'Follow Up' }).expect(201);
      expect(last.body).toMatchObject({ name: 'Follow Up', kind: 'open', position: 8, archived: false });
      const live = await events.next((event) => event.event === 'stages.updated' && (event.data as Stage[]).some(({ name }) => name === 'Follow Up'));
      expect((live.data as Stage[]).map(({ position }) => position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      events.disconnect();
    }
    const second = await testApp.http.post('/api/stages').send({ name: 'Qualified Call', position: 2 }).expect(201);
    expect((await order()).slice(0, 3)).toEqual([['stage-new', 1], [second.body.id, 2], ['stage-contacted', 3]]);
    expect((await order()).map(([, position]) => position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('renames and moves a stage, keeping positions contiguous, and new leads start in the first open stage', async () => {
    await testApp.http.patch('/api/stages/stage-contacted').send({ name: 'Called', position: 1 }).expect(200);
    expect((await order()).slice(0, 3)).toEqual([['stage-contacted', 1], ['stage-new', 2], ['stage-site-visit-scheduled', 3]]);
    const lead = await testApp.http.post('/api/leads').send({ name: 'Starts In Called' }).expect(201);
    expect(lead.body.stage).toEqual({ id: 'stage-contacted', name: 'Called', kind: 'open' });
    await testApp.http.patch('/api/stages/stage-contacted').send({ position: 99 }).expect(200);
    expect((await order()).at(-1)).toEqual(['stage-contacted', 7]);
  });

  it('refuses to archive a stage that holds leads (409 with the count), archives it once they moved', async () => {
    const lead = (await testApp.http.post('/api/leads').send({ name: 'Blocking Lead' }).expect(201)).body;
    const refused = await testApp.http.patch('/api/stages/stage-new').send({ archived: true }).expect(409);
    expect(refused.body.message).toMatch(/holds 1 lead/);
    await testApp.http.patch(`/api/leads/${lead._id}`).send({ stageId: 'stage-contacted' }).expect(200);
    await testApp.http.patch('/api/stages/stage-new').send({ archived: true }).expect(200);
    expect((await stages()).find(({ id }) => id === 'stage-new')).toMatchObject({ archived: true });
    const next = await testApp.http.post('/api/leads').send({ name: 'Starts In Contacted' }).expect(201);
    expect(next.body.stage.id).toBe('stage-contacted');
    const toArchived = await testApp.http.patch(`/api/leads/${next.body._id}`).send({ stageId: 'stage-new' }).expect(400);
    expect(toArchived.body.errors).toEqual([{ field: 'stageId', message: 'is an archived stage' }]);
  });

  it('keeps one open stage for new leads', async () => {
    for (const id of ['stage-new', 'stage-contacted', 'stage-site-visit-scheduled', 'stage-site-visit-done']) {
      await testApp.http.patch(`/api/stages/${id}`).send({ archived: true }).expect(200);
    }
    const refused = await testApp.http.patch('/api/stages/stage-negotiation').send({ archived: true }).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'archived', message: expect.stringContaining('last open stage') }]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(61) }, 'name'],
    [{ name: 'Odd', kind: 'maybe' }, 'kind'],
    [{ name: 'Odd', position: 0 }, 'position'],
    [{ name: 'Odd', colour: 'red' }, 'colour'],
  ])('refuses a new stage %j with a 400 naming %s', async (body, field) => {
    const response = await testApp.http.post('/api/stages').send(body).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    expect(await stages()).toHaveLength(7);
  });

  it('answers 404 for an unknown stage and 400 naming a bad change', async () => {
    await testApp.http.patch('/api/stages/stage-nowhere').send({ name: 'X' }).expect(404);
    const response = await testApp.http.patch('/api/stages/stage-new').send({ archived: 'yes' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'archived', message: 'must be true or false' }]);
  });
});
