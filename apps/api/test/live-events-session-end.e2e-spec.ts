import type { ServerProcess } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { SseClient, type ServerSentEvent } from './support/sse-client';
import { ApiProcesses } from './support/api-processes';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

/**
 * A member of staff's live stream ends with their session: a sign-out or their removal
 * ends it at once (on every API process), an expired session or a changed role within
 * EVENTS_SESSION_CHECK_SECONDS; no caller who comes after a sign-out reaches it.
 */

/** Longer than any wait below: a stream these tests see end was ended by the announcement, not by the periodic check. */
const CHECK_NEVER_IN_TIME = '300';

const eventsUrlOf = (testApp: TestApp) => `http://127.0.0.1:${(testApp.app.getHttpServer().address() as { port: number }).port}/api/events`;
/** Milliseconds from `start` to `end` (performance.now()), whole. */
const msBetween = (start: number, end: number) => Math.round(end - start);
const leadCreatedNamed = (name: string) => (event: ServerSentEvent) => event.event === 'lead.created' && (event.data as { name: string }).name === name;
const namesOf = (stream: SseClient) => stream.received().map((event) => (event.data as { name?: string }).name);

const record = (database: string, figures: Record<string, number>) => recordFigures({ promise: 'Security regression', test: currentTestName(), database, figures });

describe.each(PROVIDERS)('a live stream ends with its announced sign-out or removal on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let adminEvents: SseClient;
  const eventsUrl = () => eventsUrlOf(testApp);
  const newCaller = (callId: string, name: string, number: string) =>
    testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId, number, structuredData: { name } })).expect(200);

  beforeAll(async () => {
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, EVENTS_SESSION_CHECK_SECONDS: CHECK_NEVER_IN_TIME });
    admin = await signIn(testApp, TEST_ADMIN);
    // The control: a caller the agent's stream does not get is one the admin's stream does.
    adminEvents = await SseClient.connect(eventsUrl(), { Cookie: admin.cookie });
  });
  afterAll(async () => {
    adminEvents.disconnect();
    await testApp.close();
  });

  it("ends an agent's stream when they sign out, before the next caller reaches it, and does not open it again", async () => {
    const agent = await signedInAgent(testApp, admin, 'Signing Out');
    const events = await SseClient.connect(eventsUrl(), { Cookie: agent.cookie });
    try {
      await newCaller('before-sign-out', 'Before Sign Out', '+919833300001');
      await events.next(leadCreatedNamed('Before Sign Out'));

      const signedOutAt = performance.now();
      await agent.agent.post('/api/auth/sign-out').set('X-CSRF-Token', agent.csrf).expect(204);
      await newCaller('after-sign-out', 'After Sign Out', '+919833300002');
      const endedAt = await events.ended();

      await adminEvents.next(leadCreatedNamed('After Sign Out'));
      expect(namesOf(events)).toEqual(['Before Sign Out']);
      await expect(SseClient.connect(eventsUrl(), { Cookie: agent.cookie })).rejects.toThrow('SSE answered 401');
      record(provider, { msFromSignOutToEnd: msBetween(signedOutAt, endedAt) });
    } finally {
      events.disconnect();
    }
  });

  it('ends every stream of a member of staff an admin removes, in every tab', async () => {
    const agent = await signedInAgent(testApp, admin, 'Removed Agent');
    const otherTab = await signIn(testApp, { email: 'removed.agent@example.in', password: 'an agent password of length' });
    const streams = [await SseClient.connect(eventsUrl(), { Cookie: agent.cookie }), await SseClient.connect(eventsUrl(), { Cookie: otherTab.cookie })];
    try {
      const removedAt = performance.now();
      await admin.agent.delete(`/api/staff/${agent.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
      await newCaller('after-removal', 'After Removal', '+919833300003');
      const endedAt = Math.max(...(await Promise.all(streams.map((stream) => stream.ended()))));

      await adminEvents.next(leadCreatedNamed('After Removal'));
      expect(streams.map(namesOf)).toEqual([[], []]);
      record(provider, { msFromRemovalToEnd: msBetween(removedAt, endedAt) });
    } finally {
      for (const stream of streams) stream.disconnect();
    }
  });
});

describe.each(PROVIDERS)("a live stream ends when its session's periodic check finds it over on %s", (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  const eventsUrl = () => eventsUrlOf(testApp);

  beforeAll(async () => {
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, EVENTS_SESSION_CHECK_SECONDS: '1' });
    admin = await signIn(testApp, TEST_ADMIN);
  });
  afterAll(() => testApp.close());

  it('ends the stream of a session whose expiry passes', async () => {
    const agent = await signedInAgent(testApp, admin, 'Expiring Agent');
    const events = await SseClient.connect(eventsUrl(), { Cookie: agent.cookie });
    try {
      // As SESSION_TTL_HOURS would have it: this session expires two seconds from now.
      const expiresAtMark = performance.now() + 2_000;
      await testApp.app.get(Database).client.staffSession.updateMany({ where: { staffUserId: agent.id }, data: { expiresAt: new Date(Date.now() + 2_000) } });
      const endedAt = await events.ended();

      await expect(SseClient.connect(eventsUrl(), { Cookie: agent.cookie })).rejects.toThrow('SSE answered 401');
      record(provider, { msFromExpiryToEnd: msBetween(expiresAtMark, endedAt), checkSeconds: 1 });
    } finally {
      events.disconnect();
    }
  });

  it("ends an admin's stream once they are made an agent, and the stream opened again has an agent's sight", async () => {
    const demoted = (await admin.agent.post('/api/staff').set('X-CSRF-Token', admin.csrf).send({ email: 'demoted@example.in', name: 'Demoted Admin', role: 'admin', password: 'a demoted password' }).expect(201)).body as { id: string };
    const session = await signIn(testApp, { email: 'demoted@example.in', password: 'a demoted password' });
    const agent = await signedInAgent(testApp, admin, 'Lead Owner');
    const events = await SseClient.connect(eventsUrl(), { Cookie: session.cookie });
    let again: SseClient | undefined;
    try {
      // No route changes a role: the database does, as an operator would.
      const demotedAt = performance.now();
      await testApp.app.get(Database).client.staffUser.update({ where: { id: demoted.id }, data: { role: 'agent' } });
      const endedAt = await events.ended();

      again = await SseClient.connect(eventsUrl(), { Cookie: session.cookie });
      const owned = await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Owned By Another', phone: '+919833300004' }).expect(201);
      await admin.agent.patch(`/api/leads/${owned.body._id}`).set('X-CSRF-Token', admin.csrf).send({ ownerId: agent.id }).expect(200);
      await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Seen By All', phone: '+919833300005' }).expect(201);
      await again.next(leadCreatedNamed('Seen By All'));
      // The lead given to another agent was seen only while it was unassigned: then it left.
      expect(again.received().map(({ event, data }) => `${event} ${(data as { name?: string; id?: string }).name ?? (data as { id: string }).id}`)).toEqual([
        'lead.created Owned By Another',
        `lead.removed ${owned.body._id}`,
        'lead.created Seen By All',
      ]);
      record(provider, { msFromRoleChangeToEnd: msBetween(demotedAt, endedAt), checkSeconds: 1 });
    } finally {
      events.disconnect();
      again?.disconnect();
    }
  });
});

describe('a live stream ends with its session across two API processes on one PostgreSQL', () => {
  const processes = new ApiProcesses();
  const { apis } = processes;

  /** A browser's session on one process: its cookie and CSRF token, by fetch. */
  const signInOn = async (api: ServerProcess, email: string, password: string) => {
    const response = await fetch(`${api.url}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { csrfToken: string; staff: { id: string } };
    return { cookie: response.headers.getSetCookie()[0].split(';')[0], csrf: body.csrfToken, id: body.staff.id };
  };
  type Browser = Awaited<ReturnType<typeof signInOn>>;
  const send = (api: ServerProcess, browser: Browser, method: string, path: string, body?: object) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { Cookie: browser.cookie, 'X-CSRF-Token': browser.csrf, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
  const newCaller = async (api: ServerProcess, callId: string, name: string, number: string) => {
    const response = await fetch(`${api.url}/api/webhooks/vapi`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(endOfCallReport({ callId, number, structuredData: { name } })) });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    const env = {
      ...STAFF_MODE_ENV,
      SESSION_SECRET: 'a session secret both processes share, 32+',
      EVENTS_SESSION_CHECK_SECONDS: CHECK_NEVER_IN_TIME,
      LOG_LEVEL: 'warn',
    };
    await processes.start(2, env);
  }, 120_000);
  afterAll(() => processes.stop());

  it('signing out through one process ends the stream held on the other at once, before the next caller reaches it', async () => {
    const [first, second] = apis;
    const admin = await signInOn(first, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await send(first, admin, 'POST', '/api/staff', { email: 'cross@example.in', name: 'Cross Agent', role: 'agent', password: 'an agent password of length' })).status).toBe(201);
    const agent = await signInOn(first, 'cross@example.in', 'an agent password of length');
    const adminEvents = await SseClient.connect(`${second.url}/api/events`, { Cookie: admin.cookie });
    const events = await SseClient.connect(`${second.url}/api/events`, { Cookie: agent.cookie });
    try {
      await newCaller(first, 'cross-before', 'Cross Before', '+919844400001');
      await events.next(leadCreatedNamed('Cross Before'));

      const signedOutAt = performance.now();
      expect((await send(first, agent, 'POST', '/api/auth/sign-out')).status).toBe(204);
      await newCaller(first, 'cross-after', 'Cross After', '+919844400002');
      const endedAt = await events.ended();

      await adminEvents.next(leadCreatedNamed('Cross After'));
      expect(namesOf(events)).toEqual(['Cross Before']);
      await expect(SseClient.connect(`${second.url}/api/events`, { Cookie: agent.cookie })).rejects.toThrow('SSE answered 401');
      record('postgresql', { msFromSignOutToEndOnOtherProcess: msBetween(signedOutAt, endedAt) });
    } finally {
      events.disconnect();
      adminEvents.disconnect();
    }
  });

  it("removing a member of staff through one process ends their stream on the other", async () => {
    const [first, second] = apis;
    const admin = await signInOn(second, TEST_ADMIN.email, TEST_ADMIN.password);
    const created = await send(second, admin, 'POST', '/api/staff', { email: 'cross.removed@example.in', name: 'Cross Removed', role: 'agent', password: 'an agent password of length' });
    const agentId = ((await created.json()) as { id: string }).id;
    const agent = await signInOn(first, 'cross.removed@example.in', 'an agent password of length');
    const events = await SseClient.connect(`${second.url}/api/events`, { Cookie: agent.cookie });
    try {
      const removedAt = performance.now();
      expect((await send(first, admin, 'DELETE', `/api/staff/${agentId}`)).status).toBe(204);
      const endedAt = await events.ended();
      record('postgresql', { msFromRemovalToEndOnOtherProcess: msBetween(removedAt, endedAt) });
      expect(namesOf(events)).toEqual([]);
    } finally {
      events.disconnect();
    }
  });
});
