import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { insertLeads, leadSeries } from './support/lead-fixtures';
import type { Response } from 'supertest';

describe.each(PROVIDERS)('leads API on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    await insertLeads(testApp, [
      { name: 'Aarav Sharma', email: 'aarav@example.in', location: 'Mumbai', qualified: true, createdAt: new Date('2026-03-05T10:00:00Z') },
      { name: 'Priya Iyer', email: 'priya@MUMBAIhomes.in', location: 'Bengaluru', qualified: false, createdAt: new Date('2026-03-04T10:00:00Z') },
      { name: 'Rohan Mumbaikar', email: 'rohan@example.in', location: 'Pune', qualified: false, createdAt: new Date('2026-03-03T10:00:00Z') },
      { name: 'Kavya Nair', email: null, location: 'Kochi', qualified: true, createdAt: new Date('2026-03-02T10:00:00Z') },
      { name: '100% Real_Estate', email: 'percent@example.in', location: null, qualified: false, createdAt: new Date('2026-03-01T10:00:00Z') },
    ]);
  });
  afterAll(() => testApp.close());

  const names = (body: { name: string }[]) => body.map((lead) => lead.name);

  it('lists every lead newest first with the documented fields and a total', async () => {
    const response = await testApp.http.get('/api/leads').expect(200);
    expect(names(response.body)).toEqual(['Aarav Sharma', 'Priya Iyer', 'Rohan Mumbaikar', 'Kavya Nair', '100% Real_Estate']);
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.headers.link).toBeUndefined();
    expect(Object.keys(response.body[3]).sort()).toEqual(
      [
        ...['_id', 'budget', 'createdAt', 'email', 'interestedIn', 'loan_needed', 'location', 'name', 'phone', 'qualified', 'source', 'timeline', 'updatedAt'],
        ...['stage', 'owner', 'lostReason', 'version', 'archived', 'tags', 'doNotCall', 'doNotCallReason', 'previouslyErased'],
      ].sort(),
    );
    expect(response.body[3]).toMatchObject({ email: null, phone: null, budget: null, loan_needed: null, createdAt: '2026-03-02T10:00:00.000Z' });
    expect(response.body[3]).toMatchObject({ stage: { id: 'stage-new', name: 'New', kind: 'open' }, owner: null, lostReason: null, version: 1, archived: false, tags: [] });
  });

  it.each([
    ['all', undefined, ['Aarav Sharma', 'Priya Iyer', 'Rohan Mumbaikar', 'Kavya Nair', '100% Real_Estate']],
    ['qualified', undefined, ['Aarav Sharma', 'Kavya Nair']],
    ['unqualified', undefined, ['Priya Iyer', 'Rohan Mumbaikar', '100% Real_Estate']],
    ['all', 'mumbai', ['Aarav Sharma', 'Priya Iyer', 'Rohan Mumbaikar']],
    ['qualified', 'MUMBAI', ['Aarav Sharma']],
    ['unqualified', 'Mumbai', ['Priya Iyer', 'Rohan Mumbaikar']],
    ['all', 'ko', ['Kavya Nair']],
    ['all', '100%', ['100% Real_Estate']],
    ['all', 'l_e', ['100% Real_Estate']],
    ['all', '%', ['100% Real_Estate']],
    ['all', 'nobody', []],
    ['qualified', 'pune', []],
  ])('status=%s q=%s lists and counts exactly the matching leads', async (status, q, expected) => {
    const response = await testApp.http.get('/api/leads').query({ status, ...(q ? { q } : {}) }).expect(200);
    expect(names(response.body)).toEqual(expected);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
  });

  it('returns one lead by id, and a JSON 404 for an unknown id', async () => {
    const [first] = (await testApp.http.get('/api/leads').query({ limit: 1 })).body;
    const one = await testApp.http.get(`/api/leads/${first._id}`).expect(200);
    expect(one.body).toEqual({ ...first, calls: [] });
    const missing = await testApp.http.get('/api/leads/no-such-lead').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'No lead with id no-such-lead.' });
  });

  it.each([
    [{ status: 'maybe' }, 'status'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '1001' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
  ])('rejects the query %j with a 400 naming %s', async (query, field) => {
    const response = await testApp.http.get('/api/leads').query(query).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('reports its database in /api/health', async () => {
    await testApp.http.get('/api/health').expect(200, { status: 'ok', database: provider });
  });

  it('serves the OpenAPI document', async () => {
    const response = await testApp.http.get('/api/docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/leads', '/api/leads/export.csv', '/api/health']));
  });
});

describe.each(PROVIDERS)('leads pagination on %s', (provider) => {
  let testApp: TestApp;
  const series = leadSeries(257);

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    // Two leads created in the same millisecond: the id must break the tie.
    await insertLeads(testApp, [...series, { ...series[100], name: 'Same instant', email: 'twin@example.in' }]);
  });
  afterAll(() => testApp.close());

  async function walk(query: Record<string, string | number>): Promise<string[]> {
    const seen: string[] = [];
    let next: string | undefined = `/api/leads?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    while (next) {
      // Typed here: `next` is read from this response, so inference would go round in a circle.
      const response: Response = await testApp.http.get(next).expect(200);
      seen.push(...response.body.map((lead: { name: string }) => lead.name));
      next = response.headers.link?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    return seen;
  }

  it('walks every page through the Link header with no duplicates and no gaps', async () => {
    const all = await walk({ limit: 50 });
    const expected = [...series.map((lead) => lead.name), 'Same instant'];
    expect(all).toHaveLength(expected.length);
    expect(new Set(all)).toEqual(new Set(expected));
    expect(all[0]).toBe('Lead 0256');
  });

  it('keeps the filter while paging and counts the filtered total on every page', async () => {
    const first = await testApp.http.get('/api/leads').query({ status: 'qualified', q: 'mumbai', limit: 10 }).expect(200);
    const expected = series.filter((lead) => lead.qualified && lead.location === 'Mumbai').map((lead) => lead.name).reverse();
    expect(first.headers['x-total-count']).toBe(String(expected.length));
    expect(await walk({ status: 'qualified', q: 'mumbai', limit: 10 })).toEqual(expected);
  });

  it('defaults to 100 leads a page', async () => {
    const response = await testApp.http.get('/api/leads').expect(200);
    expect(response.body).toHaveLength(100);
    expect(response.headers['x-total-count']).toBe('258');
  });
});
