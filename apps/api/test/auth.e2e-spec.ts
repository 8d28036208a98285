import { IncomingMessage } from 'node:http';
import request from 'supertest';
import { Database } from '../src/database/database';
import { statusUpdate } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { routeKey, routesOf } from './support/app-routes';
import { PUBLIC_ENDPOINTS, PUBLIC_PREFIXES, STAFF_ENDPOINTS, type StaffEndpoint } from './support/staff-endpoints';

const ADMIN = { email: 'admin@example.in', password: 'correct horse battery staple' };
const AGENT = { email: 'agent@example.in', password: 'another long password' };
const OTHER_AGENT = { email: 'other.agent@example.in', password: 'yet another long password' };
type Agent = ReturnType<typeof request.agent>;

/** Reads an error's JSON body, but stops at the status line of an open event stream. */
function statusLineOfStream(response: request.Response, done: (error: Error | null, body: unknown) => void) {
  // superagent hands a parser node's own response stream, though its types name superagent's Response.
  if (!(response instanceof IncomingMessage)) return done(new Error('Expected an http.IncomingMessage'), null);
  if (response.statusCode === 200) {
    response.destroy();
    return done(null, null);
  }
  let text = '';
  response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  response.on('end', () => done(null, JSON.parse(text)));
}

/** Past the auth guard: 2xx, the 503 of outbound calls with no voice platform configured, or the 404 of a call without a recording. */
function permitted(endpoint: StaffEndpoint, status: number): boolean {
  return status < 300 || ((endpoint.path === '/api/calls' || endpoint.path.endsWith('/whatsapp/messages')) && status === 503) || (endpoint.path.endsWith('/recording') && status === 404);
}

async function signIn(testApp: TestApp, credentials: { email: string; password: string }): Promise<{ agent: Agent; csrf: string; id: string }> {
  const agent = request.agent(testApp.app.getHttpServer());
  const response = await agent.post('/api/auth/sign-in').send(credentials).expect(200);
  return { agent, csrf: response.body.csrfToken, id: response.body.staff.id };
}

describe.each(PROVIDERS)('staff accounts on %s', (provider) => {
  let testApp: TestApp;
  let admin: { agent: Agent; csrf: string; id: string };
  let agent: { agent: Agent; csrf: string; id: string };
  let otherAgent: { agent: Agent; csrf: string; id: string };
  let leadId: string;
  let callId: string;
  let eventId: string;
  let n = 0;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { AUTH_MODE: 'staff', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SIGN_IN_LIMIT_PER_MINUTE: '1000' });
    admin = await signIn(testApp, ADMIN);
    await admin.agent.post('/api/staff').set('X-CSRF-Token', admin.csrf).send({ ...AGENT, name: 'Field Agent', role: 'agent' }).expect(201);
    agent = await signIn(testApp, AGENT);
    // The matrix's lead is routed to the agent (the only one), who owns it from then on.
    await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode: 'round-robin' }).expect(200);
    leadId = (await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Existing Lead', phone: '+919876543210' }).expect(201)).body._id;
    await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode: 'off' }).expect(200);
    await admin.agent.post('/api/staff').set('X-CSRF-Token', admin.csrf).send({ ...OTHER_AGENT, name: 'Other Agent', role: 'agent' }).expect(201);
    otherAgent = await signIn(testApp, OTHER_AGENT);
    await testApp.http.post('/api/webhooks/vapi').send(statusUpdate('matrix-call', 'queued', { assistantOverrides: { metadata: { leadId } } })).expect(200);
    callId = (await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId: 'matrix-call' } })).id;
    await testApp.http.post('/api/webhooks/vapi').send({ message: { type: 'status-update', status: 'ringing' } }).expect(202);
    eventId = (await testApp.app.get(Database).client.webhookEvent.findFirstOrThrow({ where: { unattributable: true } })).id;
  });
  afterAll(() => testApp.close());

  /** A staff account for an endpoint that removes one. */
  async function disposableStaffId(): Promise<string> {
    n += 1;
    const created = await admin.agent
      .post('/api/staff')
      .set('X-CSRF-Token', admin.csrf)
      .send({ email: `disposable.${n}@example.in`, name: 'Disposable', role: 'agent', password: 'a long enough password' })
      .expect(201);
    return created.body.id;
  }

  /** Whose record a placeholder is: the caller's own, or the admin's for a caller without a session (or, with adminForOthers, one who cannot see the lead). */
  function authorFor(client: Agent | ReturnType<typeof request>, csrf: string | undefined, adminForOthers = false) {
    return client === testApp.http || !csrf || (adminForOthers && client === otherAgent.agent) ? admin : { agent: client as Agent, csrf };
  }

  /** A note on the matrix's lead written by the caller (the admin writes it for a caller who cannot see the lead). */
  async function noteOf(client: Agent | ReturnType<typeof request>, csrf: string | undefined): Promise<string> {
    const author = authorFor(client, csrf, true);
    return (await author.agent.post(`/api/leads/${leadId}/notes`).set('X-CSRF-Token', author.csrf).send({ body: 'A matrix note' }).expect(201)).body.id;
  }

  /** A saved view of the caller's own (the admin's, for a caller without a session). */
  async function viewOf(client: Agent | ReturnType<typeof request>, csrf: string | undefined): Promise<string> {
    const author = authorFor(client, csrf);
    return (await author.agent.post('/api/views').set('X-CSRF-Token', author.csrf).send({ name: 'A matrix view', filter: {} }).expect(201)).body.id;
  }

  /** A bulk job the caller made (jobs are their creator's and the admins'); for the export route, an admin's export (exports are admins'). */
  async function jobOf(client: Agent | ReturnType<typeof request>, csrf: string | undefined, endpoint: StaffEndpoint): Promise<string> {
    const isExport = endpoint.path.endsWith('/export.csv');
    const author = isExport ? admin : authorFor(client, csrf);
    const action = isExport ? { type: 'export' } : { type: 'addTags', tags: ['Matrix'] };
    return (await author.agent.post('/api/leads/bulk').set('X-CSRF-Token', author.csrf).send({ filter: { q: 'Existing Lead' }, action }).expect(202)).body.id;
  }

  /** A consent on the matrix's lead recorded by the caller (the admin records it for a caller who cannot see the lead). */
  async function consentOf(client: Agent | ReturnType<typeof request>, csrf: string | undefined): Promise<string> {
    const author = authorFor(client, csrf, true);
    return (await author.agent.post(`/api/leads/${leadId}/consents`).set('X-CSRF-Token', author.csrf).send({ wording: 'You may call me' }).expect(201)).body.id;
  }

  /** The phone of a person made for one call, whom an erasure may remove (never the matrix's lead). */
  async function disposablePersonPhone(): Promise<string> {
    const phone = `+9198765${String(n).padStart(5, '0')}`;
    await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: `Disposable Person ${n}`, phone }).expect(201);
    return phone;
  }

  /** An admin's erasure of a disposable person. */
  async function erasureId(): Promise<string> {
    const phone = await disposablePersonPhone();
    return (await admin.agent.post('/api/privacy/erasure').set('X-CSRF-Token', admin.csrf).send({ phone, requestedBy: 'The person' }).expect(200)).body.id;
  }

  /** A possible duplicate of the matrix's lead: an unassigned lead the admin added over its phone. */
  async function duplicateId(): Promise<string> {
    const twin = await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: `Matrix Twin ${n}`, phone: '+919876543210', allowDuplicate: true }).expect(201);
    return (await testApp.app.get(Database).client.leadDuplicate.findFirstOrThrow({ where: { leadId: twin.body._id } })).id;
  }

  /** An unassigned lead the admin added, to be merged into the matrix's lead. */
  async function twinId(): Promise<string> {
    return (await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: `Merge Twin ${n}` }).expect(201)).body._id;
  }

  /** A task the admin made on the matrix's lead: the agent's (the lead's owner), out of another agent's sight. */
  async function taskId(): Promise<string> {
    return (await admin.agent.post('/api/tasks').set('X-CSRF-Token', admin.csrf).send({ leadId, type: 'site_visit', dueAt: '2026-12-05T11:00:00+05:30' }).expect(201)).body.id;
  }

  async function leadVersion(): Promise<number> {
    return (await testApp.app.get(Database).client.lead.findUniqueOrThrow({ where: { id: leadId } })).version;
  }

  /** The admin's merge of a twin into the matrix's lead. */
  async function mergeId(): Promise<string> {
    const body = { keepId: leadId, mergeId: await twinId(), keepVersion: await leadVersion(), mergeVersion: 1 };
    return (await admin.agent.post('/api/leads/merge').set('X-CSRF-Token', admin.csrf).send(body).expect(200)).body.merge.id;
  }

  /** A lead source of kind api that the admin made, with a key of its own. */
  async function leadSourceOf(): Promise<{ sourceId: string; sourceKeyId: string }> {
    const source = await admin.agent.post('/api/lead-sources').set('X-CSRF-Token', admin.csrf).send({ name: `Matrix Source ${n}` }).expect(201);
    const key = await admin.agent.post(`/api/lead-sources/${source.body.id}/keys`).set('X-CSRF-Token', admin.csrf).send({}).expect(201);
    return { sourceId: source.body.id, sourceKeyId: key.body.id };
  }

  /** A WhatsApp template the admin registered. */
  async function templateId(): Promise<string> {
    return (await admin.agent.post('/api/whatsapp/templates').set('X-CSRF-Token', admin.csrf).send({ name: `matrix_patched_${n}`, language: 'en' }).expect(201)).body.id;
  }

  async function call(client: Agent | ReturnType<typeof request>, endpoint: StaffEndpoint, csrf?: string, selfId = agent.id) {
    n += 1;
    const staffId = endpoint.path.includes('{staffId}') ? await disposableStaffId() : '';
    const noteId = endpoint.path.includes('{noteId}') ? await noteOf(client, csrf) : '';
    const viewId = endpoint.path.includes('{viewId}') ? await viewOf(client, csrf) : '';
    const jobId = endpoint.path.includes('{jobId}') ? await jobOf(client, csrf, endpoint) : '';
    const consentId = endpoint.path.includes('{consentId}') ? await consentOf(client, csrf) : '';
    const erasure = endpoint.path.includes('{erasureId}') ? await erasureId() : '';
    const duplicate = endpoint.path.includes('{duplicateId}') ? await duplicateId() : '';
    const personPhone = JSON.stringify(endpoint.body ?? null).includes('{personPhone}') ? await disposablePersonPhone() : '';
    const twin = endpoint.path.includes('{twinId}') || JSON.stringify(endpoint.body ?? null).includes('{twinId}') ? await twinId() : '';
    const merge = endpoint.path.includes('{mergeId}') ? await mergeId() : '';
    const task = endpoint.path.includes('{taskId}') ? await taskId() : '';
    const template = endpoint.path.includes('{templateId}') ? await templateId() : '';
    const version = JSON.stringify(endpoint.body ?? null).includes('{leadVersion}') ? await leadVersion() : 0;
    const { sourceId, sourceKeyId } = endpoint.path.includes('{sourceId}') ? await leadSourceOf() : { sourceId: '', sourceKeyId: '' };
    const path = endpoint.path
      .replace('{leadId}', leadId)
      .replace('{callId}', callId)
      .replace('{eventId}', eventId)
      .replace('{staffId}', staffId)
      .replace('{selfId}', selfId)
      .replace('{stageId}', 'stage-contacted')
      .replace('{noteId}', noteId)
      .replace('{viewId}', viewId)
      .replace('{jobId}', jobId)
      .replace('{consentId}', consentId)
      .replace('{erasureId}', erasure)
      .replace('{duplicateId}', duplicate)
      .replace('{twinId}', twin)
      .replace('{mergeId}', merge)
      .replace('{sourceId}', sourceId)
      .replace('{sourceKeyId}', sourceKeyId)
      .replace('{propertyId}', '16')
      .replace('{taskId}', task)
      .replace('{templateId}', template);
    let pending = client[endpoint.method](path);
    // An event stream never ends: the status line is all this test needs.
    if (endpoint.path === '/api/events') pending = pending.buffer(false).parse(statusLineOfStream);
    if (csrf) pending = pending.set('X-CSRF-Token', csrf);
    if (typeof endpoint.body === 'string') return pending.set('Content-Type', 'text/csv').send(endpoint.body);
    if (endpoint.body) {
      const body = JSON.stringify(endpoint.body).replace('{n}', String(n)).replace('{leadId}', leadId).replace('{personPhone}', personPhone).replace('{twinId}', twin);
      return pending.send(JSON.parse(body.replace('"{leadVersion}"', String(version))));
    }
    return pending;
  }

  describe.each(STAFF_ENDPOINTS)('$method $path', (endpoint) => {
    it('answers 401 without a session', async () => {
      const response = await call(testApp.http, endpoint);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, message: 'Sign in to continue.' });
    });

    it(`answers ${endpoint.role === 'agent' ? '2xx' : '403'} for an agent${endpoint.leadScoped ? ' who owns the lead' : ''}`, async () => {
      const session = endpoint.endsSession ? await signIn(testApp, AGENT) : agent;
      const response = await call(session.agent, endpoint, session.csrf, session.id);
      if (endpoint.role === 'agent') expect(permitted(endpoint, response.status)).toBe(true);
      else expect(response.status).toBe(403);
    });

    it(`answers ${endpoint.leadScoped ? '404' : endpoint.role === 'agent' ? '2xx' : '403'} for another agent`, async () => {
      const session = endpoint.endsSession ? await signIn(testApp, OTHER_AGENT) : otherAgent;
      const response = await call(session.agent, endpoint, session.csrf, session.id);
      if (endpoint.leadScoped) {
        expect(response.status).toBe(404);
        expect(response.body.message).toMatch(/^No (lead|call|possible duplicate|merge|task) with id /);
      } else if (endpoint.role === 'agent') expect(permitted(endpoint, response.status)).toBe(true);
      else expect(response.status).toBe(403);
    });

    it('answers 2xx for an admin', async () => {
      const session = endpoint.endsSession ? await signIn(testApp, ADMIN) : admin;
      const response = await call(session.agent, endpoint, session.csrf, session.id);
      expect(permitted(endpoint, response.status)).toBe(true);
    });
  });

  it("covers every route of the app's router: each is a staff endpoint of the matrix or a declared public one", () => {
    const routes = routesOf(testApp.app);
    const inMatrix = STAFF_ENDPOINTS.map((endpoint) => routeKey(endpoint.method, endpoint.path));
    const isPublic = (route: string) => PUBLIC_ENDPOINTS.includes(route) || PUBLIC_PREFIXES.some((prefix) => route.split(' ')[1].startsWith(prefix));
    // A new route fails here until it is added to the matrix (or, deliberately, to the public list).
    expect(routes.filter((route) => !inMatrix.includes(route) && !isPublic(route))).toEqual([]);
    // And the lists name no route that does not exist.
    expect([...inMatrix, ...PUBLIC_ENDPOINTS].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('sets an httpOnly, SameSite=Strict, expiring session cookie and never returns the password hash', async () => {
    const response = await request(testApp.app.getHttpServer()).post('/api/auth/sign-in').send(ADMIN).expect(200);
    const cookie = response.headers['set-cookie'][0] as string;
    expect(cookie).toMatch(/^lead_desk_session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Expires=/);
    expect(response.body.staff).toEqual({ id: expect.any(String), email: ADMIN.email, name: 'Administrator', role: 'admin' });
    const staffList = await admin.agent.get('/api/staff').expect(200);
    expect(JSON.stringify(staffList.body)).not.toMatch(/scrypt|password/i);
  });

  it('rejects a change made with the cookie but without the CSRF token, or with a wrong one', async () => {
    const missing = await admin.agent.post('/api/leads').send({ name: 'No Token' }).expect(403);
    expect(missing.body.message).toMatch(/CSRF/);
    await admin.agent.post('/api/leads').set('X-CSRF-Token', agent.csrf).send({ name: 'Wrong Token' }).expect(403);
    await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Right Token' }).expect(201);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await testApp.http.post('/api/auth/sign-in').send({ email: ADMIN.email, password: 'not the password' }).expect(401);
    const unknown = await testApp.http.post('/api/auth/sign-in').send({ email: 'nobody@example.in', password: 'not the password' }).expect(401);
    expect(wrong.body.message).toBe('Wrong email or password.');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('ends the session on sign-out', async () => {
    const session = await signIn(testApp, AGENT);
    await session.agent.get('/api/auth/me').expect(200);
    await session.agent.post('/api/auth/sign-out').set('X-CSRF-Token', session.csrf).expect(204);
    await session.agent.get('/api/leads').expect(401);
    await session.agent.get('/api/auth/me').expect(401);
  });

  it('lets admins remove staff, but not themselves or the last admin', async () => {
    const created = await admin.agent
      .post('/api/staff')
      .set('X-CSRF-Token', admin.csrf)
      .send({ email: 'leaving@example.in', name: 'Leaving Soon', role: 'agent', password: 'a long enough password' })
      .expect(201);
    const leaving = await signIn(testApp, { email: 'leaving@example.in', password: 'a long enough password' });
    await admin.agent.delete(`/api/staff/${created.body.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    await leaving.agent.get('/api/leads').expect(401);
    const me = (await admin.agent.get('/api/auth/me').expect(200)).body.staff;
    await admin.agent.delete(`/api/staff/${me.id}`).set('X-CSRF-Token', admin.csrf).expect(409);
  });

  it('validates new staff accounts field by field', async () => {
    const response = await admin.agent
      .post('/api/staff')
      .set('X-CSRF-Token', admin.csrf)
      .send({ email: 'bad', name: '', role: 'owner', password: 'short' })
      .expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['email', 'name', 'password', 'role']);
  });

  it('keeps health, the voice settings and the webhook (with its own secret) public in staff mode', async () => {
    await testApp.http.get('/api/health').expect(200);
    await testApp.http.get('/api/voice/config').expect(200);
    await testApp.http.post('/api/webhooks/vapi').send({ message: { type: 'speech-update' } }).expect(200);
  });
});

describe('sign-in rate limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite', { AUTH_MODE: 'staff', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SIGN_IN_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => testApp.close());

  it('answers 429 after five attempts a minute, even with the right password', async () => {
    for (let i = 0; i < 5; i += 1) {
      await testApp.http.post('/api/auth/sign-in').send({ email: ADMIN.email, password: `guess ${i}` }).expect(401);
    }
    const limited = await testApp.http.post('/api/auth/sign-in').send(ADMIN).expect(429);
    expect(limited.body.message).toMatch(/Too many requests/);
  });
});

describe('open mode (the local demo)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite');
  });
  afterAll(() => testApp.close());

  it('lets the dashboard in without a session and says so', async () => {
    await testApp.http.get('/api/leads').expect(200);
    await testApp.http.post('/api/leads').send({ name: 'Open Mode Lead' }).expect(201);
    await testApp.http.get('/api/auth/me').expect(200, { authMode: 'open', staff: null, csrfToken: null });
  });
});
