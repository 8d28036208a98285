import type { Calendar, Task } from '@lead-desk/contracts';
import ICAL from 'ical.js';
import request from 'supertest';
import { Database } from '../src/database/database';
import { feedSecretHash } from '../src/tasks/calendar-feed/calendar-feed-secret';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** A feed's events as a calendar app reads them, parsed back with ical.js. */
function feedEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        summary: event.summary,
        location: event.location,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        startZone: event.startDate.zone?.tzid,
        status: vevent.getFirstPropertyValue('status'),
      };
    }),
  };
}

describe.each(PROVIDERS)('the calendar and calendar feeds on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  let ravisLead: string;
  let meerasLead: string;

  const send = (session: StaffSession, method: 'post' | 'patch' | 'delete', path: string, body: object = {}) => session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const task = async (session: StaffSession, body: object): Promise<Task> => (await send(session, 'post', '/api/tasks', body).expect(201)).body;
  const week = async (session: StaffSession, query: Record<string, string>): Promise<Calendar> => (await session.agent.get('/api/calendar').query(query).expect(200)).body;
  const feedPath = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    ravisLead = (await send(admin, 'post', '/api/leads', { name: 'Aarav Sharma', phone: '+919845011111', email: 'aarav@example.in' }).expect(201)).body._id;
    await send(admin, 'patch', `/api/leads/${ravisLead}`, { ownerId: ravi.id }).expect(200);
    meerasLead = (await send(admin, 'post', '/api/leads', { name: 'Priya Nair', phone: '+919845022222' }).expect(201)).body._id;
    await send(admin, 'patch', `/api/leads/${meerasLead}`, { ownerId: meera.id }).expect(200);
  });
  afterAll(() => testApp.close());

  describe('GET /api/calendar', () => {
    let visits: Record<string, Task>;

    beforeAll(async () => {
      visits = {
        // Monday 23 Nov 00:30 in Kolkata is still Sunday the 22nd in UTC: inside the week there, not outside it.
        mondayEarly: await task(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-11-23T00:30:00+05:30', propertyId: 1 }),
        ravisVisit: await task(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-11-25T11:00:00+05:30', endsAt: '2026-11-25T12:00:00+05:30', propertyId: 3 }),
        ravisCall: await task(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-11-24T10:00:00+05:30' }),
        meerasVisit: await task(meera, { leadId: meerasLead, type: 'site_visit', dueAt: '2026-11-26T16:00:00+05:30', propertyId: 5 }),
        unassigned: await task(admin, { leadId: meerasLead, type: 'meeting', dueAt: '2026-11-27T12:00:00+05:30', assigneeId: null }),
        // Sunday 29 Nov 23:59 in Kolkata: the week's last minute.
        sundayLate: await task(meera, { leadId: meerasLead, type: 'call', dueAt: '2026-11-29T23:59:00+05:30' }),
        nextMonday: await task(meera, { leadId: meerasLead, type: 'call', dueAt: '2026-11-30T00:00:00+05:30' }),
        cancelled: await task(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-11-26T10:00:00+05:30' }),
      };
      await send(ravi, 'patch', `/api/tasks/${visits.cancelled.id}`, { cancelled: true }).expect(200);
      await send(ravi, 'patch', `/api/tasks/${visits.ravisCall.id}`, { done: true }).expect(200);
    });

    it('answers the week’s tasks per agent, by name, nobody’s last, with lead and property names; cancelled ones left out', async () => {
      const calendar = await week(admin, { from: '2026-11-23', to: '2026-11-29' });
      expect(calendar).toMatchObject({ from: '2026-11-23', to: '2026-11-29', timeZone: 'Asia/Kolkata', truncated: false });
      expect(calendar.agents.map(({ assignee, tasks }) => [assignee?.name ?? null, tasks.map(({ id }) => id)])).toEqual([
        ['Meera Iyer', [visits.meerasVisit.id, visits.sundayLate.id]],
        ['Ravi Kumar', [visits.mondayEarly.id, visits.ravisCall.id, visits.ravisVisit.id]],
        [null, [visits.unassigned.id]],
      ]);
      // An entry holds what the calendar draws; the task's own route has the rest.
      expect(calendar.agents[1].tasks[2]).toEqual({
        id: visits.ravisVisit.id,
        leadId: ravisLead,
        leadName: 'Aarav Sharma',
        type: 'site_visit',
        status: 'open',
        dueAt: '2026-11-25T05:30:00.000Z',
        endsAt: '2026-11-25T06:30:00.000Z',
        property: { id: 3, name: 'Green Valley Heights 2BHK' },
      });
      expect(calendar.agents[1].tasks[1]).toMatchObject({ id: visits.ravisCall.id, type: 'call', status: 'done', endsAt: null, property: null });
      expect(calendar.agents[2]).toEqual({ assignee: null, tasks: [expect.objectContaining({ id: visits.unassigned.id, leadName: 'Priya Nair', type: 'meeting' })] });
    });

    it('shows an agent only what they may see, and filters by assignee and type', async () => {
      const ravis = await week(ravi, { from: '2026-11-23', to: '2026-11-29' });
      expect(ravis.agents.map(({ assignee }) => assignee?.name)).toEqual(['Ravi Kumar']);
      const visitsOnly = await week(admin, { from: '2026-11-23', to: '2026-11-29', type: 'site_visit', assignee: ravi.id });
      expect(visitsOnly.agents.flatMap(({ tasks }) => tasks.map(({ id }) => id))).toEqual([visits.mondayEarly.id, visits.ravisVisit.id]);
      const meMeera = await week(meera, { from: '2026-11-23', to: '2026-11-29', assignee: 'me' });
      expect(meMeera.agents.flatMap(({ tasks }) => tasks.map(({ id }) => id))).toEqual([visits.meerasVisit.id, visits.sundayLate.id]);
    });

    it('counts the days in tz when one is given', async () => {
      const utc = await week(admin, { from: '2026-11-23', to: '2026-11-29', tz: 'UTC' });
      const ids = utc.agents.flatMap(({ tasks }) => tasks.map(({ id }) => id));
      // In UTC the Monday 00:30 visit is on Sunday the 22nd, and Monday 30th 00:00 in Kolkata is Sunday 29th 18:30.
      expect(ids).not.toContain(visits.mondayEarly.id);
      expect(ids).toContain(visits.nextMonday.id);
      expect(utc.timeZone).toBe('UTC');
    });

    it('refuses a span backwards or longer than 31 days, and bad dates, naming the field', async () => {
      const backwards = await admin.agent.get('/api/calendar').query({ from: '2026-11-29', to: '2026-11-23' }).expect(400);
      expect(backwards.body.errors).toEqual([{ field: 'to', message: 'must not be before from' }]);
      const long = await admin.agent.get('/api/calendar').query({ from: '2026-11-01', to: '2026-12-02' }).expect(400);
      expect(long.body.errors).toEqual([{ field: 'to', message: 'must be at most 31 days from from, both included' }]);
      const bad = await admin.agent.get('/api/calendar').query({ from: '23/11/2026', tz: 'Nowhere' }).expect(400);
      expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['from', 'to', 'tz']);
    });
  });

  describe('the iCalendar feed', () => {
    it('makes a secret address, shown once, whose feed calendar apps can read: one event per task, first names only', async () => {
      const visit = await task(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-12-05T11:00:00+05:30', endsAt: '2026-12-05T12:00:00+05:30', propertyId: 1, notes: 'Call Aarav on +919845011111 at the gate' });
      const call = await task(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-12-06T10:00:00+05:30' });
      await send(ravi, 'patch', `/api/tasks/${visit.id}`, { dueAt: '2026-12-05T12:00:00+05:30', endsAt: '2026-12-05T13:00:00+05:30' }).expect(200);
      await send(ravi, 'patch', `/api/tasks/${call.id}`, { cancelled: true }).expect(200);
      await task(meera, { leadId: meerasLead, type: 'site_visit', dueAt: '2026-12-05T11:00:00+05:30', propertyId: 2 });

      const made = await send(ravi, 'post', '/api/staff/me/calendar-feed').expect(201);
      expect(made.body).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/) });
      expect((await ravi.agent.get('/api/staff/me').expect(200)).body.calendarFeed).toBe(true);
      // Only the secret's hash is kept.
      const secret = /feed\/([^.]+)\.ics$/.exec(made.body.url)![1];
      expect((await testApp.app.get(Database).client.staffUser.findUniqueOrThrow({ where: { id: ravi.id } })).calendarFeedHash).toBe(feedSecretHash(secret));

      // No session: the address is the credential.
      const feed = await request(testApp.app.getHttpServer()).get(feedPath(made.body.url)).buffer(true).parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      }).expect(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers['cache-control']).toBe('private, no-store');
      const text = feed.body as string;
      const parsed = feedEvents(text);
      expect(parsed.name).toBe('Lead Desk: Ravi Kumar');
      const ravisEvents = parsed.events.filter(({ uid }) => uid === `${visit.id}@lead-desk` || uid === `${call.id}@lead-desk`);
      expect(ravisEvents).toEqual([
        {
          uid: `${visit.id}@lead-desk`,
          sequence: 1,
          summary: 'Site visit: Aarav – Skyline Residency 2BHK',
          location: expect.stringMatching(/^Skyline Residency 2BHK, .+/),
          start: '2026-12-05T06:30:00.000Z',
          end: '2026-12-05T07:30:00.000Z',
          startZone: 'UTC',
          status: 'CONFIRMED',
        },
        { uid: `${call.id}@lead-desk`, sequence: 1, summary: 'Call: Aarav', location: null, start: '2026-12-06T04:30:00.000Z', end: '2026-12-06T04:45:00.000Z', startZone: 'UTC', status: 'CANCELLED' },
      ]);
      // Every event is Ravi's; the feed carries no surname, phone, email or notes.
      expect(parsed.events.every(({ summary }) => summary.includes('Aarav'))).toBe(true);
      expect(text).not.toMatch(/Sharma|9845011111|aarav@example|gate|Priya/);
    });

    it('replaces the address with a new one (the old answers 404), revokes it, and answers 404 alike for any address not a feed', async () => {
      const first = (await send(meera, 'post', '/api/staff/me/calendar-feed').expect(201)).body.url as string;
      const second = (await send(meera, 'post', '/api/staff/me/calendar-feed').expect(201)).body.url as string;
      expect(second).not.toBe(first);
      const gone = await testApp.http.get(feedPath(first)).expect(404);
      expect(gone.body).toMatchObject({ statusCode: 404, message: 'No calendar feed at this address.' });
      await testApp.http.get(feedPath(second)).expect(200);
      await send(meera, 'delete', '/api/staff/me/calendar-feed').expect(204);
      await testApp.http.get(feedPath(second)).expect(404);
      expect((await meera.agent.get('/api/staff/me').expect(200)).body.calendarFeed).toBe(false);
      for (const path of ['/api/calendar/feed/short.ics', `/api/calendar/feed/${'A'.repeat(43)}.ics`, `/api/calendar/feed/${'A'.repeat(43)}.txt`]) {
        expect((await testApp.http.get(path).expect(404)).body.message).toBe('No calendar feed at this address.');
      }
      // Making or revoking one needs a session and its CSRF token.
      await testApp.http.post('/api/staff/me/calendar-feed').expect(401);
      await meera.agent.post('/api/staff/me/calendar-feed').expect(403);
    });
  });
});

describe('the calendar feed’s rate limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite', { ...STAFF_MODE_ENV, CALENDAR_FEED_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => testApp.close());

  it('answers 429 past CALENDAR_FEED_LIMIT_PER_MINUTE requests a minute from one address', async () => {
    for (let i = 0; i < 3; i += 1) await testApp.http.get(`/api/calendar/feed/guess-${i}.ics`).expect(404);
    const limited = await testApp.http.get('/api/calendar/feed/guess-4.ics').expect(429);
    expect(limited.body.message).toMatch(/Too many requests/);
  });
});
