import type { Lead } from '@lead-desk/contracts';
import type { Response } from 'supertest';
import { SQLITE_COMMON_TERM_MATCHES } from '../src/database/sqlite/sqlite-search';
import { insertLeads, type LeadFixture } from './support/lead-fixtures';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

/**
 * Staff look people up by number first: a search written as a phone number finds the leads
 * whose phone holds its digits, in any writing, while every search still finds names, emails
 * and locations as before; lists, counts, the export, saved views and bulk selections agree.
 */
describe.each(PROVIDERS)('searching leads by phone number on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;

  const send = (session: StaffSession, method: 'post' | 'patch', path: string, body: object) => session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const lead = async (body: object, owner?: StaffSession) => {
    const id: string = (await send(admin, 'post', '/api/leads', body).expect(201)).body._id;
    if (owner) await send(admin, 'patch', `/api/leads/${id}`, { ownerId: owner.id }).expect(200);
  };

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    // Typed in the ways people write them: each is stored E.164.
    await lead({ name: 'Aarav Sharma', phone: '098450 12345', location: 'Pune', qualified: true }, ravi);
    await lead({ name: 'Bela Iyer', phone: '+91 98450-99999', location: 'Chennai' }, meera);
    await lead({ name: 'Chetan Rao', phone: '80123 45678', email: 'chetan.98450@example.in', location: 'Mumbai' });
    await lead({ name: 'Emma Clarke', phone: '+44 7911 123456', location: 'London' });
    await lead({ name: 'Farah Khan', location: 'Sector 21, Gurugram 122001' });
  });
  afterAll(() => testApp.close());

  const search = async (q: string, session = admin) => {
    const response = await session.agent.get('/api/leads').query({ q, limit: 1000 }).expect(200);
    return { names: (response.body as Lead[]).map(({ name }) => name).sort(), total: Number(response.headers['x-total-count']) };
  };

  it.each([
    ['98450', ['Aarav Sharma', 'Bela Iyer', 'Chetan Rao']],
    ['098450 12345', ['Aarav Sharma']],
    ['+91 98450-12345', ['Aarav Sharma']],
    ['+919845012345', ['Aarav Sharma']],
    ['919845012345', ['Aarav Sharma']],
    ['9845012345', ['Aarav Sharma']],
    ['(098450) 123-45', ['Aarav Sharma']],
    ['98450.12345', ['Aarav Sharma']],
    ['+91 (984) 50 12 345', ['Aarav Sharma']],
    ['50123', ['Aarav Sharma']],
    ['+91 98450', ['Aarav Sharma', 'Bela Iyer']],
    ['45678', ['Chetan Rao']],
    ['+44 7911 123456', ['Emma Clarke']],
    ['07911 123456', ['Emma Clarke']],
    ['+91 7911 123456', []],
    ['12345 67890', []],
  ] as [string, string[]][])('finds %j by its digits, counted as listed', async (q, names) => {
    expect(await search(q)).toEqual({ names, total: names.length });
  });

  it.each([
    ['sharma', ['Aarav Sharma']],
    ['IYER', ['Bela Iyer']],
    ['chetan.98450@', ['Chetan Rao']],
    ['london', ['Emma Clarke']],
    ['122001', ['Farah Khan']],
    ['Sector 21', ['Farah Khan']],
    // Too few digits to be a number: only the email holds it (as 98450), though Aarav's phone does too.
    ['45', ['Chetan Rao']],
    ['+91', []],
  ])('still finds %j in names, emails and locations', async (q, names) => {
    expect(await search(q)).toEqual({ names, total: names.length });
  });

  it('exports, saves as a view and selects for a bulk action exactly the leads a phone search lists', async () => {
    const q = '+91 98450';
    const csv = await admin.agent.get('/api/leads/export.csv').query({ q }).expect(200);
    expect(csv.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]).sort()).toEqual(['Aarav Sharma', 'Bela Iyer']);
    const view = await send(admin, 'post', '/api/views', { name: 'By number', filter: { q } }).expect(201);
    expect(view.body.count).toBe(2);
    const job = await send(admin, 'post', '/api/leads/bulk', { filter: { q: '098450 12345' }, action: { type: 'addTags', tags: ['Called back'] } }).expect(202);
    expect(job.body.total).toBe(1);
  });

  it("keeps an agent's phone search to their own and the unassigned leads", async () => {
    expect(await search('98450', ravi)).toEqual({ names: ['Aarav Sharma', 'Chetan Rao'], total: 2 });
    expect(await search('98450', meera)).toEqual({ names: ['Bela Iyer', 'Chetan Rao'], total: 2 });
    expect(await search('+91 98450-12345', meera)).toEqual({ names: [], total: 0 });
  });
});

describe.each(PROVIDERS)('a phone search matching thousands of leads on %s', (provider) => {
  let testApp: TestApp;
  const start = Date.parse('2025-01-01T00:00:00Z');
  // More matches than SQLite's threshold for walking the list's index: numbers sharing 98450, and a few names holding it.
  const leads: LeadFixture[] = Array.from({ length: SQLITE_COMMON_TERM_MATCHES + 1000 }, (_, i) => ({
    name: i % 500 === 0 ? `Plot 98450-${i}` : `Lead ${i}`,
    phone: i % 3 === 2 ? `+91700${String(i).padStart(7, '0')}` : `+919845${String(i).padStart(6, '0')}`,
    qualified: i % 2 === 0,
    createdAt: new Date(start + i * 60_000),
  }));
  const matching = (q: string, digits: string) =>
    leads
      .filter((lead) => lead.qualified && (lead.phone!.includes(digits) || lead.name.includes(q)))
      .reverse()
      .map((lead) => lead.name);

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    await insertLeads(testApp, leads);
  });
  afterAll(() => testApp.close());

  it.each([
    ['98450', '98450'],
    ['+91 98450', '+9198450'],
    ['0984 50', '98450'],
  ])('lists %j newest first on every page, with the exact total', async (q, digits) => {
    const expected = matching(q, digits);
    const seen: string[] = [];
    let next: string | undefined = `/api/leads?${new URLSearchParams({ status: 'qualified', q, limit: '200' })}`;
    while (next) {
      // Typed here: `next` is read from this response, so inference would go round in a circle.
      const response: Response = await testApp.http.get(next).expect(200);
      expect(Number(response.headers['x-total-count'])).toBe(expected.length);
      seen.push(...response.body.map((lead: { name: string }) => lead.name));
      next = response.headers.link?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    expect(leads.filter((lead) => lead.phone!.includes(digits)).length).toBeGreaterThanOrEqual(SQLITE_COMMON_TERM_MATCHES);
    expect(seen).toEqual(expected);
  });

  it('exports exactly the matches', async () => {
    const response = await testApp.http.get('/api/leads/export.csv').query({ status: 'qualified', q: '98450' }).expect(200);
    expect(response.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1])).toEqual(matching('98450', '98450'));
  });
});
