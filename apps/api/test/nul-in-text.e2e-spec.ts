import { NUL_REFUSED } from '@lead-desk/contracts';
import request from 'supertest';
import { Database } from '../src/database/database';
import { encodeLeadCursor } from '../src/leads/lead-cursor';
import { signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const NUL = '\u0000';
const CURSOR_REFUSED = 'is not a cursor this API returned';
/** A cursor shaped like the API's, whose id carries a NUL (base64url: the query string itself has none). */
const NUL_CURSOR = encodeLeadCursor({ createdAt: new Date('2026-11-01T00:00:00.000Z'), id: `lead${NUL}id` });

interface NulCase {
  /** What is sent, as the test's title names it. */
  what: string;
  send: (admin: StaffSession, leadId: string) => request.Test;
  field: string;
  message?: string;
}

const withCsrf = (admin: StaffSession, pending: request.Test) => pending.set('X-CSRF-Token', admin.csrf);

/**
 * Issue 22, point 7: a NUL character in any text input (query parameters that reach SQL as
 * text, bodies) is a 400 naming the field on both databases, never a 500 (PostgreSQL can
 * neither store nor compare NUL; the contracts refuse it in one shared piece, plainText).
 */
const CASES: NulCase[] = [
  { what: 'GET /api/leads?q=', send: (admin) => admin.agent.get('/api/leads').query({ q: `a${NUL}b` }), field: 'q' },
  { what: 'GET /api/leads/board?q=', send: (admin) => admin.agent.get('/api/leads/board').query({ q: `a${NUL}b` }), field: 'q' },
  { what: 'GET /api/leads/export.csv?q=', send: (admin) => admin.agent.get('/api/leads/export.csv').query({ q: `a${NUL}b` }), field: 'q' },
  { what: 'GET /api/leads?source=', send: (admin) => admin.agent.get('/api/leads').query({ source: `web${NUL}form` }), field: 'source' },
  { what: 'GET /api/leads?tag=', send: (admin) => admin.agent.get('/api/leads').query({ tag: `vip${NUL}` }), field: 'tag' },
  { what: 'GET /api/leads?cursor=', send: (admin) => admin.agent.get('/api/leads').query({ cursor: NUL_CURSOR }), field: 'cursor', message: CURSOR_REFUSED },
  { what: 'GET /api/leads/:id/activity?cursor=', send: (admin, leadId) => admin.agent.get(`/api/leads/${leadId}/activity`).query({ cursor: NUL_CURSOR }), field: 'cursor', message: CURSOR_REFUSED },
  { what: 'GET /api/leads/duplicates?cursor=', send: (admin) => admin.agent.get('/api/leads/duplicates').query({ cursor: NUL_CURSOR }), field: 'cursor', message: CURSOR_REFUSED },
  { what: 'GET /api/leads/matches?email=', send: (admin) => admin.agent.get('/api/leads/matches').query({ email: `nul${NUL}@example.in` }), field: 'email' },
  { what: 'GET /api/leads/matches?phone=', send: (admin) => admin.agent.get('/api/leads/matches').query({ phone: `98450${NUL}12345` }), field: 'phone' },
  { what: 'POST /api/leads name', send: (admin) => withCsrf(admin, admin.agent.post('/api/leads')).send({ name: `Nul${NUL}Name` }), field: 'name' },
  { what: 'POST /api/leads email', send: (admin) => withCsrf(admin, admin.agent.post('/api/leads')).send({ name: 'Nul Email', email: `nul${NUL}@example.in` }), field: 'email' },
  { what: 'PATCH /api/leads/:id location', send: (admin, leadId) => withCsrf(admin, admin.agent.patch(`/api/leads/${leadId}`)).send({ location: `Pu${NUL}ne` }), field: 'location' },
  { what: 'POST /api/leads/:id/notes body', send: (admin, leadId) => withCsrf(admin, admin.agent.post(`/api/leads/${leadId}/notes`)).send({ body: `note${NUL}` }), field: 'body' },
  { what: 'POST /api/views filter.q', send: (admin) => withCsrf(admin, admin.agent.post('/api/views')).send({ name: 'Nul view', filter: { q: `a${NUL}b` } }), field: 'filter.q' },
  { what: 'POST /api/leads/bulk filter.q', send: (admin) => withCsrf(admin, admin.agent.post('/api/leads/bulk')).send({ filter: { q: `a${NUL}b` }, action: { type: 'archive' } }), field: 'filter.q' },
  {
    what: 'POST /api/staff name',
    send: (admin) => withCsrf(admin, admin.agent.post('/api/staff')).send({ email: 'nul.agent@example.in', name: `Nul${NUL}Agent`, role: 'agent', password: 'a long enough password' }),
    field: 'name',
  },
  { what: 'POST /api/privacy/access email', send: (admin) => withCsrf(admin, admin.agent.post('/api/privacy/access')).send({ email: `nul${NUL}@example.in` }), field: 'email' },
  { what: 'POST /api/privacy/access phone', send: (admin) => withCsrf(admin, admin.agent.post('/api/privacy/access')).send({ phone: `+9198450${NUL}12345` }), field: 'phone' },
  { what: 'POST /api/calls leadId', send: (admin) => withCsrf(admin, admin.agent.post('/api/calls')).send({ leadId: `lead${NUL}` }), field: 'leadId' },
];

describe.each(PROVIDERS)('NUL in text inputs on %s', (provider) => {
  let testApp: TestApp;
  let db: Database['client'];
  let admin: StaffSession;
  let leadId: string;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    db = testApp.app.get(Database).client;
    admin = await signIn(testApp, TEST_ADMIN);
    leadId = (await withCsrf(admin, admin.agent.post('/api/leads')).send({ name: 'Nul Target', phone: '+919845012345' }).expect(201)).body._id;
  });
  afterAll(() => testApp.close());

  it.each(CASES)('answers $what with a NUL as a 400 naming $field', async ({ send, field, message }) => {
    const before = { leads: await db.lead.count(), notes: await db.leadNote.count(), views: await db.savedView.count(), staff: await db.staffUser.count(), jobs: await db.job.count() };
    const response = await send(admin, leadId);

    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.errors).toEqual(expect.arrayContaining([{ field, message: message ?? NUL_REFUSED }]));
    expect({ leads: await db.lead.count(), notes: await db.leadNote.count(), views: await db.savedView.count(), staff: await db.staffUser.count(), jobs: await db.job.count() }).toEqual(before);
  });

  it('answers a sign-in whose email carries a NUL as a 400 naming email', async () => {
    const response = await request(testApp.app.getHttpServer()).post('/api/auth/sign-in').send({ email: `admin${NUL}@example.in`, password: TEST_ADMIN.password });
    expect([response.status, response.body.errors]).toEqual([400, [{ field: 'email', message: NUL_REFUSED }]]);
  });

  it('still finds the lead the refused requests were about, unchanged', async () => {
    const lead = (await admin.agent.get(`/api/leads/${leadId}`).expect(200)).body;
    expect(lead).toMatchObject({ name: 'Nul Target', location: null, version: 1 });
    expect((await admin.agent.get('/api/leads').query({ q: 'Nul Target' }).expect(200)).body.map((found: { _id: string }) => found._id)).toEqual([leadId]);
  });
});
