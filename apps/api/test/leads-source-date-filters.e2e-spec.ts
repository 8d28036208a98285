import type { Lead, SavedView } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe.each(PROVIDERS)('source and creation-day filters on %s', (provider) => {
  let testApp: TestApp;

  // Asia/Kolkata is UTC+05:30: 18:30 UTC is the next day's midnight there.
  const leads = [
    { name: 'Late Nov 1', source: 'Facebook', createdAt: '2026-11-01T18:29:59.999Z' },
    { name: 'Midnight Nov 2', source: 'Facebook', createdAt: '2026-11-01T18:30:00.000Z' },
    { name: 'Late Nov 2', source: 'web form', createdAt: '2026-11-02T18:29:59.999Z' },
    { name: 'Morning Nov 3', source: 'voice bot', createdAt: '2026-11-03T00:00:00.000Z' },
  ];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { APP_TIME_ZONE: 'Asia/Kolkata' });
    const prisma = testApp.app.get(Database).client;
    for (const { name, source, createdAt } of leads) {
      const id = (await testApp.http.post('/api/leads').send({ name }).expect(201)).body._id;
      // The past cannot be created through the API: the lead is moved there.
      await prisma.lead.update({ where: { id }, data: { source, createdAt: new Date(createdAt) } });
    }
  });
  afterAll(() => testApp.close());

  const list = async (query: string) => {
    const response = await testApp.http.get(`/api/leads?${query}`).expect(200);
    return { names: (response.body as Lead[]).map(({ name }) => name), total: Number(response.headers['x-total-count']) };
  };
  const exported = async (query: string) => {
    const response = await testApp.http.get(`/api/leads/export.csv?${query}`).expect(200);
    return response.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]);
  };
  const boardTotal = async (query: string) =>
    ((await testApp.http.get(`/api/leads/board?${query}`).expect(200)).body as { count: number }[]).reduce((sum, { count }) => sum + count, 0);

  it.each([
    ['source=Facebook', ['Midnight Nov 2', 'Late Nov 1']],
    ['source=voice%20bot', ['Morning Nov 3']],
    ['source=facebook', ['Midnight Nov 2', 'Late Nov 1']],
    ['source=face', []],
    ['createdFrom=2026-11-02&createdTo=2026-11-02', ['Late Nov 2', 'Midnight Nov 2']],
    ['createdFrom=2026-11-02&createdTo=2026-11-02&tz=UTC', ['Late Nov 2']],
    ['createdFrom=2026-11-01&createdTo=2026-11-01&tz=UTC', ['Midnight Nov 2', 'Late Nov 1']],
    ['createdFrom=2026-11-02', ['Morning Nov 3', 'Late Nov 2', 'Midnight Nov 2']],
    ['createdTo=2026-11-01', ['Late Nov 1']],
    ['source=Facebook&createdFrom=2026-11-02', ['Midnight Nov 2']],
    ['source=web%20form&createdTo=2026-11-01', []],
  ])('GET /api/leads?%s lists, counts, exports and boards the same leads', async (query, expected) => {
    expect(await list(query)).toEqual({ names: expected, total: expected.length });
    expect(await exported(query)).toEqual(expected);
    expect(await boardTotal(query)).toBe(expected.length);
  });

  it.each([
    ['createdFrom=2026-11-03&createdTo=2026-11-02', 'createdTo', 'must not be before createdFrom'],
    ['createdFrom=2026-13-01', 'createdFrom', 'must be a date, YYYY-MM-DD'],
    ['createdTo=yesterday', 'createdTo', 'must be a date, YYYY-MM-DD'],
    ['tz=Mars%2FOlympus', 'tz', 'must be an IANA time zone such as Asia/Kolkata'],
    ['source=', 'source', 'must not be empty'],
  ])('answers GET /api/leads?%s with a 400 naming %s', async (query, field, message) => {
    const response = await testApp.http.get(`/api/leads?${query}`).expect(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('saves a view of a source and days, counted in the app’s time zone', async () => {
    const view: SavedView = (
      await testApp.http
        .post('/api/views')
        .send({ name: 'Facebook, from Nov 2', filter: { source: 'Facebook', createdFrom: '2026-11-02', createdTo: '2026-11-30' } })
        .expect(201)
    ).body;
    expect(view).toMatchObject({ count: 1, dropped: [], filter: { source: 'Facebook', createdFrom: '2026-11-02', createdTo: '2026-11-30' } });
    const refused = await testApp.http.post('/api/views').send({ name: 'Bad day', filter: { createdFrom: '2 Nov' } }).expect(400);
    expect(refused.body.errors).toContainEqual({ field: 'filter.createdFrom', message: 'must be a date, YYYY-MM-DD' });
  });
});
