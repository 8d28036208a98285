import type { Lead, LeadActivity, TagCount } from '@lead-desk/contracts';
import type { Response } from 'supertest';
import { Database } from '../src/database/database';
import { SQLITE_COMMON_TAG_LEADS } from '../src/leads/lead-tag-conditions';
import { insertLeads, type LeadFixture } from './support/lead-fixtures';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe.each(PROVIDERS)('lead tags on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  const createLead = async (name: string, body: object = {}): Promise<Lead> =>
    (await testApp.http.post('/api/leads').send({ name, ...body }).expect(201)).body;
  const tag = async (id: string, tags: unknown, status = 200) => (await testApp.http.put(`/api/leads/${id}/tags`).send({ tags }).expect(status)).body;
  const list = async (query: string) => {
    const response = await testApp.http.get(`/api/leads?${query}`).expect(200);
    return { names: (response.body as Lead[]).map(({ name }) => name).sort(), total: Number(response.headers['x-total-count']) };
  };
  const exported = async (query: string) => {
    const response = await testApp.http.get(`/api/leads/export.csv?${query}`).expect(200);
    return response.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]).sort();
  };

  it('keeps tags as written, trimmed, one per spelling without case, and shows them with the lead', async () => {
    const lead = await createLead('Tagged Asha');
    expect(lead.tags).toEqual([]);
    const tagged: Lead = await tag(lead._id, [' VIP ', 'Site visit', 'vip', 'NRI']);
    expect(tagged.tags).toEqual(['VIP', 'Site visit', 'NRI']);
    expect(tagged.version).toBe(lead.version + 1);
    const read = await testApp.http.get(`/api/leads/${lead._id}`).expect(200);
    expect(read.body.tags).toEqual(['VIP', 'Site visit', 'NRI']);
    expect(read.headers.etag).toBe(`"${lead.version + 1}"`);
  });

  it('records what was added and removed in the timeline, and the same tags again change nothing', async () => {
    const lead = await createLead('Tagged Bala');
    await tag(lead._id, ['Pune', 'Hot']);
    const retagged: Lead = await tag(lead._id, ['Hot', 'Investor']);
    expect((await tag(lead._id, ['Hot', 'Investor'])).version).toBe(retagged.version);
    const timeline: LeadActivity[] = (await testApp.http.get(`/api/leads/${lead._id}/activity`).expect(200)).body;
    expect(timeline.filter((entry) => entry.type === 'tags_changed').map((entry) => entry.data)).toEqual([
      { added: ['Investor'], removed: ['Pune'] },
      { added: ['Pune', 'Hot'], removed: [] },
    ]);
  });

  it('refuses a stale If-Match with 412 and changes nothing', async () => {
    const lead = await createLead('Tagged Chitra');
    await testApp.http.put(`/api/leads/${lead._id}/tags`).set('If-Match', `"${lead.version}"`).send({ tags: ['First'] }).expect(200);
    await testApp.http.put(`/api/leads/${lead._id}/tags`).set('If-Match', `"${lead.version}"`).send({ tags: ['Second'] }).expect(412);
    expect((await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body.tags).toEqual(['First']);
  });

  it.each([
    [{ tags: 'VIP' }, 'tags'],
    [{ tags: [''] }, 'tags.0'],
    [{ tags: ['x'.repeat(41)] }, 'tags.0'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `Tag ${i}`) }, 'tags'],
    [{}, 'tags'],
  ])('answers 400 naming the field for %j, and writes nothing', async (body, field) => {
    const lead = await createLead('Tagged Dev');
    const response = await testApp.http.put(`/api/leads/${lead._id}/tags`).send(body).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect((await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body).toMatchObject({ tags: [], version: lead.version });
  });

  it('takes twenty tags, and a lead that does not exist is a 404', async () => {
    const lead = await createLead('Tagged Esha');
    const twenty = Array.from({ length: 20 }, (_, i) => `Tag ${i}`);
    expect((await tag(lead._id, [...twenty, 'tag 0'])).tags).toEqual(twenty);
    await tag('0195f3a2-7b1c-7d00-8a00-0000000000ff', ['VIP'], 404);
  });

  describe('filters and counts', () => {
    beforeAll(async () => {
      const farid = await createLead('Filter Farid', { qualified: true, location: 'Pune' });
      const gita = await createLead('Filter Gita', { qualified: false, location: 'Pune' });
      const hari = await createLead('Filter Hari', { qualified: true, location: 'Mumbai' });
      const ira = await createLead('Filter Ira', { qualified: true, location: 'Pune' });
      await tag(farid._id, ['Zeta', 'Omega']);
      await tag(gita._id, ['zeta']);
      await tag(hari._id, ['ZETA', 'Omega']);
      await tag(ira._id, ['Zeta', 'Omega']);
      await testApp.http.post(`/api/leads/${ira._id}/archive`).expect(200);
    });

    it.each([
      ['tag=zeta', ['Filter Farid', 'Filter Gita', 'Filter Hari']],
      ['tag=Zeta&tag=omega', ['Filter Farid', 'Filter Hari']],
      ['tag=zeta&tag=omega&status=qualified&q=pune', ['Filter Farid']],
      ['tag=zeta&status=unqualified', ['Filter Gita']],
      ['tag=zeta&archived=true', ['Filter Ira']],
      ['tag=nothing-has-this', []],
    ])('GET /api/leads?%s lists, counts and exports the leads carrying every tag', async (query, expected) => {
      expect(await list(query)).toEqual({ names: expected, total: expected.length });
      expect(await exported(query)).toEqual(expected);
    });

    it('counts each tag once whatever its case, on leads not archived, most used first', async () => {
      const counts: TagCount[] = (await testApp.http.get('/api/tags').expect(200)).body;
      const byKey = new Map(counts.map(({ tag: name, count }) => [name.toLowerCase(), { name, count }]));
      expect(byKey.get('zeta')).toEqual({ name: 'ZETA', count: 3 });
      expect(byKey.get('omega')).toEqual({ name: 'Omega', count: 2 });
      expect(counts.map(({ count }) => count)).toEqual([...counts.map(({ count }) => count)].sort((a, b) => b - a));
    });

    it('answers 400 naming tag for a tag too long to exist', async () => {
      const response = await testApp.http.get(`/api/leads?tag=${'x'.repeat(41)}`).expect(400);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual(['tag']);
    });
  });
});

describe.each(PROVIDERS)('a tag on thousands of leads on %s', (provider) => {
  let testApp: TestApp;
  const start = Date.parse('2025-01-01T00:00:00Z');
  // More leads carrying "hot" than SQLite's threshold for probing it lead by lead; "rare" on a few.
  const leads: LeadFixture[] = Array.from({ length: SQLITE_COMMON_TAG_LEADS + 1500 }, (_, i) => ({
    name: `Tagged ${i}`,
    qualified: i % 2 === 0,
    createdAt: new Date(start + i * 60_000),
  }));
  const tagsOf = (i: number) => [...(i % 3 !== 1 ? ['hot'] : []), ...(i % 500 === 4 ? ['rare'] : [])];
  const newestFirst = (keep: (i: number) => boolean) =>
    leads
      .map((lead, i) => ({ name: lead.name, i }))
      .filter(({ i }) => keep(i))
      .reverse()
      .map(({ name }) => name);

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    await insertLeads(testApp, leads);
    const prisma = testApp.app.get(Database).client;
    const ids = new Map((await prisma.lead.findMany({ select: { id: true, name: true } })).map(({ id, name }) => [name, id]));
    await prisma.leadTag.createMany({
      data: leads.flatMap((lead, i) => tagsOf(i).map((key) => ({ key, name: key, leadId: ids.get(lead.name)! }))),
    });
  });
  afterAll(() => testApp.close());

  const allPages = async (first: string) => {
    const seen: string[] = [];
    const totals = new Set<number>();
    let next: string | undefined = first;
    while (next) {
      const response: Response = await testApp.http.get(next).expect(200);
      totals.add(Number(response.headers['x-total-count']));
      seen.push(...response.body.map((lead: { name: string }) => lead.name));
      next = response.headers.link?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    return { seen, totals: [...totals] };
  };

  it.each([
    ['tag=hot&status=qualified', (i: number) => tagsOf(i).includes('hot') && i % 2 === 0],
    ['tag=hot&tag=rare', (i: number) => tagsOf(i).includes('hot') && tagsOf(i).includes('rare')],
    ['tag=rare', (i: number) => tagsOf(i).includes('rare')],
  ])('pages through ?%s newest first, every lead once, with the exact total', async (query, keep) => {
    const expected = newestFirst(keep);
    expect(await allPages(`/api/leads?${query}&limit=200`)).toEqual({ seen: expected, totals: [expected.length] });
  });

  it('holds more leads with the common tag than the threshold, and fewer with the rare one', () => {
    expect(newestFirst((i) => tagsOf(i).includes('hot')).length).toBeGreaterThanOrEqual(SQLITE_COMMON_TAG_LEADS);
    expect(newestFirst((i) => tagsOf(i).includes('rare')).length).toBeLessThan(SQLITE_COMMON_TAG_LEADS);
  });
});
