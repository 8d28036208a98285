import type request from 'supertest';
import type { LeadActivity, Task, TaskUpdate } from '@lead-desk/contracts';
import { Clock } from '../src/common/clock';
import { Database } from '../src/database/database';
import { voiceAgentActor } from '../src/tasks/task-actor';
import { TasksService } from '../src/tasks/tasks.service';
import { SseClient } from './support/sse-client';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** 23:30 on Saturday 28 November 2026 in Kolkata: half an hour before the day ends there, not in UTC. */
const NOW = new Date('2026-11-28T18:00:00Z');

describe.each(PROVIDERS)('tasks on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  let ravisLead: string;
  let meerasLead: string;
  let unassignedLead: string;
  let phones = 0;

  const send = (session: StaffSession, method: 'post' | 'patch', path: string, body: object) => session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const createTask = (session: StaffSession, body: object) => send(session, 'post', '/api/tasks', body);
  const list = async (session: StaffSession, query: Record<string, string | number>): Promise<Task[]> => (await session.agent.get('/api/tasks').query(query).expect(200)).body;
  const taskTimeline = async (leadId: string) =>
    ((await admin.agent.get(`/api/leads/${leadId}/activity`).query({ limit: 200 }).expect(200)).body as LeadActivity[]).filter((entry) => entry.type === 'task');
  const leadOwnedBy = async (name: string, ownerId: string | null): Promise<string> => {
    phones += 1;
    const lead = (await send(admin, 'post', '/api/leads', { name, phone: `+9198450${String(phones).padStart(5, '0')}`, allowDuplicate: true }).expect(201)).body;
    if (ownerId) await send(admin, 'patch', `/api/leads/${lead._id}`, { ownerId }).expect(200);
    return lead._id;
  };

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    ravisLead = await leadOwnedBy('Aarav Sharma', ravi.id);
    meerasLead = await leadOwnedBy('Priya Nair', meera.id);
    unassignedLead = await leadOwnedBy('Rahul Verma', null);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => testApp.close());

  it('makes a visit for the lead’s owner, answers it with its ETag, and writes the lead’s timeline in words', async () => {
    const created = await createTask(admin, {
      leadId: ravisLead,
      type: 'site_visit',
      dueAt: '2026-12-05T11:00:00+05:30',
      endsAt: '2026-12-05T12:00:00+05:30',
      propertyId: 1,
      notes: '  Wants to see the clubhouse  ',
    }).expect(201);
    expect(created.headers.etag).toBe('"1"');
    expect(created.body).toEqual({
      id: expect.any(String),
      leadId: ravisLead,
      leadName: 'Aarav Sharma',
      type: 'site_visit',
      status: 'open',
      dueAt: '2026-12-05T05:30:00.000Z',
      endsAt: '2026-12-05T06:30:00.000Z',
      assignee: { id: ravi.id, name: 'Ravi Kumar' },
      property: { id: 1, name: 'Skyline Residency 2BHK' },
      notes: 'Wants to see the clubhouse',
      createdBy: { id: admin.id, name: 'Administrator' },
      vapiCallId: null,
      doneAt: null,
      doneBy: null,
      outcome: null,
      cancelledAt: null,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await ravi.agent.get(`/api/tasks/${created.body.id}`).expect(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.etag).toBe('"1"');
    expect((await taskTimeline(ravisLead))[0]).toMatchObject({
      actor: { id: admin.id, name: 'Administrator' },
      data: {
        taskId: created.body.id,
        taskType: 'site_visit',
        event: 'created',
        vapiCallId: null,
        text: 'Site visit booked for Sat 5 Dec, 11:00 at Skyline Residency 2BHK; assigned to Ravi Kumar',
      },
    });
  });

  it('gives an agent’s task on an unassigned lead to the agent, and null to nobody', async () => {
    const mine = await createTask(ravi, { leadId: unassignedLead, type: 'call', dueAt: '2026-12-01T10:00:00Z' }).expect(201);
    expect(mine.body.assignee).toEqual({ id: ravi.id, name: 'Ravi Kumar' });
    const nobodys = await createTask(ravi, { leadId: unassignedLead, type: 'other', dueAt: '2026-12-01T10:00:00Z', assigneeId: null }).expect(201);
    expect(nobodys.body.assignee).toBeNull();
    expect((await taskTimeline(unassignedLead))[0].data).toMatchObject({ text: 'Task added for Tue 1 Dec, 15:30; not assigned yet' });
  });

  it("keeps a colleague's lead and its tasks out of an agent's sight (404), and lets an agent assign only themselves", async () => {
    const meeras = (await createTask(meera, { leadId: meerasLead, type: 'call', dueAt: '2026-12-02T10:00:00Z' }).expect(201)).body as Task;
    const missing = await ravi.agent.get(`/api/tasks/${meeras.id}`).expect(404);
    expect(missing.body.message).toBe(`No task with id ${meeras.id}.`);
    await send(ravi, 'patch', `/api/tasks/${meeras.id}`, { done: true }).expect(404);
    const noLead = await createTask(ravi, { leadId: meerasLead, type: 'call', dueAt: '2026-12-02T10:00:00Z' }).expect(404);
    expect(noLead.body.message).toBe(`No lead with id ${meerasLead}.`);
    expect((await list(ravi, { leadId: meerasLead })).map(({ id }) => id)).toEqual([]);

    const refused = await createTask(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-12-02T10:00:00Z', assigneeId: meera.id }).expect(403);
    expect(refused.body.errors).toEqual([{ field: 'assigneeId', message: 'must be your own id or null: an agent assigns tasks only to themselves or to nobody' }]);
    const ravis = (await createTask(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-12-02T10:00:00Z' }).expect(201)).body as Task;
    await send(ravi, 'patch', `/api/tasks/${ravis.id}`, { assigneeId: meera.id }).expect(403);

    // An admin may give a colleague a task on Ravi's lead: Meera sees that task, not the lead.
    const handedOver = (await send(admin, 'patch', `/api/tasks/${ravis.id}`, { assigneeId: meera.id }).expect(200)).body as TaskUpdate;
    expect(handedOver.task.assignee).toEqual({ id: meera.id, name: 'Meera Iyer' });
    await meera.agent.get(`/api/tasks/${ravis.id}`).expect(200);
    await meera.agent.get(`/api/leads/${ravisLead}`).expect(404);
    expect((await list(meera, { assignee: 'me' })).map(({ id }) => id)).toContain(ravis.id);
    expect((await list(ravi, { leadId: ravisLead })).map(({ id }) => id)).toContain(ravis.id);
    expect((await list(admin, { leadId: meerasLead })).map(({ id }) => id)).toEqual([meeras.id]);
    expect((await taskTimeline(ravisLead))[0].data).toMatchObject({ event: 'reassigned', text: 'Call of Wed 2 Dec, 15:30 reassigned from Ravi Kumar to Meera Iyer' });
  });

  it('changes a task only at the version named in If-Match (412 otherwise, nothing changed)', async () => {
    const task = (await createTask(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-12-03T10:00:00Z' }).expect(201)).body as Task;
    const moved = await send(ravi, 'patch', `/api/tasks/${task.id}`, { dueAt: '2026-12-03T12:00:00Z' }).set('If-Match', '"1"').expect(200);
    expect(moved.headers.etag).toBe('"2"');
    expect(moved.body).toMatchObject({ task: { dueAt: '2026-12-03T12:00:00.000Z', version: 2 }, suggestedStage: null });
    const stale = await send(admin, 'patch', `/api/tasks/${task.id}`, { notes: 'Overwrites a change unseen' }).set('If-Match', '"1"').expect(412);
    expect(stale.body.message).toBe('The task has changed since you loaded it (it is at version 2). Load it again and reapply your change.');
    const bad = await send(admin, 'patch', `/api/tasks/${task.id}`, { notes: 'x' }).set('If-Match', 'yesterday').expect(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field)).toEqual(['If-Match']);
    expect((await ravi.agent.get(`/api/tasks/${task.id}`).expect(200)).body).toMatchObject({ notes: null, version: 2 });
    // The same values again change nothing: no new version, no timeline entry.
    const entries = (await taskTimeline(ravisLead)).length;
    await send(ravi, 'patch', `/api/tasks/${task.id}`, { dueAt: '2026-12-03T17:30:00+05:30', notes: null }).set('If-Match', '"2"').expect(200);
    expect((await ravi.agent.get(`/api/tasks/${task.id}`).expect(200)).body.version).toBe(2);
    expect(await taskTimeline(ravisLead)).toHaveLength(entries);
    expect((await taskTimeline(ravisLead))[0].data).toMatchObject({ event: 'rescheduled', text: 'Call moved from Thu 3 Dec, 15:30 to Thu 3 Dec, 17:30' });
  });

  it('completes a visit with its outcome and suggests the stage after "Site Visit Scheduled"; cancels and brings back', async () => {
    const visit = (await createTask(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-12-04T11:00:00+05:30', propertyId: 2 }).expect(201)).body as Task;
    const done = (await send(ravi, 'patch', `/api/tasks/${visit.id}`, { done: true, outcome: 'Liked the lake view; will bring family' }).expect(200)).body as TaskUpdate;
    expect(done.task).toMatchObject({ status: 'done', doneBy: { id: ravi.id, name: 'Ravi Kumar' }, outcome: 'Liked the lake view; will bring family', doneAt: expect.any(String) });
    expect(done.suggestedStage).toEqual({ id: 'stage-site-visit-done', name: 'Site Visit Done', kind: 'open' });
    expect((await taskTimeline(ravisLead))[0]).toMatchObject({
      actor: { id: ravi.id },
      data: { event: 'completed', text: 'Site visit of Fri 4 Dec, 11:00 at Prestige Lakeside Habitat 3BHK done: Liked the lake view; will bring family' },
    });
    // Nothing moved the lead: the page asks first.
    expect((await admin.agent.get(`/api/leads/${ravisLead}`).expect(200)).body.stage.id).toBe('stage-new');

    // A lead already past the visit stage gets no suggestion; nor does a call.
    await send(admin, 'patch', `/api/leads/${ravisLead}`, { stageId: 'stage-site-visit-done' }).expect(200);
    const second = (await createTask(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-12-06T11:00:00+05:30' }).expect(201)).body as Task;
    expect((await send(ravi, 'patch', `/api/tasks/${second.id}`, { done: true }).expect(200)).body.suggestedStage).toBeNull();
    await send(admin, 'patch', `/api/leads/${ravisLead}`, { stageId: 'stage-new' }).expect(200);

    const call = (await createTask(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-12-04T15:00:00+05:30' }).expect(201)).body as Task;
    const cancelled = (await send(ravi, 'patch', `/api/tasks/${call.id}`, { cancelled: true }).expect(200)).body as TaskUpdate;
    expect(cancelled.task).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    const refused = await send(ravi, 'patch', `/api/tasks/${call.id}`, { done: true }).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'done', message: 'cannot complete a cancelled task: bring it back first (cancelled: false)' }]);
    const back = (await send(ravi, 'patch', `/api/tasks/${call.id}`, { cancelled: false, done: true, outcome: 'Reached on the second try' }).expect(200)).body as TaskUpdate;
    expect(back.task.status).toBe('done');
    expect(back.suggestedStage).toBeNull();
    expect((await taskTimeline(ravisLead)).slice(0, 2).map(({ data }) => (data as { event: string }).event)).toEqual(['completed', 'restored']);
  });

  it('refuses bad input naming each field, and writes nothing', async () => {
    const before = await testApp.app.get(Database).client.task.count();
    const bad = await createTask(ravi, { leadId: ravisLead, type: 'visit', dueAt: '2026-12-05 11:00', propertyId: 'one', notes: 'x'.repeat(2001), colour: 'red' }).expect(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['colour', 'dueAt', 'notes', 'propertyId', 'type']);
    const ends = await createTask(ravi, { leadId: ravisLead, type: 'meeting', dueAt: '2026-12-05T11:00:00Z', endsAt: '2026-12-05T10:00:00Z' }).expect(400);
    expect(ends.body.errors).toEqual([{ field: 'endsAt', message: 'must be after dueAt' }]);
    const property = await createTask(ravi, { leadId: ravisLead, type: 'site_visit', dueAt: '2026-12-05T11:00:00Z', propertyId: 999 }).expect(400);
    expect(property.body.errors).toEqual([{ field: 'propertyId', message: 'is not one of our properties' }]);
    const assignee = await createTask(admin, { leadId: ravisLead, type: 'call', dueAt: '2026-12-05T11:00:00Z', assigneeId: '0190f5b2-0000-7000-8000-000000000000' }).expect(400);
    expect(assignee.body.errors).toEqual([{ field: 'assigneeId', message: 'is not a member of staff' }]);
    const nul = await createTask(ravi, { leadId: ravisLead, type: 'call', dueAt: '2026-12-05T11:00:00Z', notes: 'a\u0000b' }).expect(400);
    expect(nul.body.errors).toEqual([{ field: 'notes', message: 'must not contain NUL characters' }]);
    const query = await ravi.agent.get('/api/tasks').query({ due: 'soon', assignee: 'not an id!', limit: 0, tz: 'Mars/Olympus' }).expect(400);
    expect(query.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['assignee', 'due', 'limit', 'tz']);
    await ravi.agent.get('/api/tasks').query({ cursor: 'garbage' }).expect(400);
    expect(await testApp.app.get(Database).client.task.count()).toBe(before);
  });

  it('pages a member’s tasks oldest due first, by keyset, with the total', async () => {
    const agent = await signedInAgent(testApp, admin, 'Paging Agent');
    const lead = await leadOwnedBy('Paged Lead', agent.id);
    const made: string[] = [];
    // Two share a due time: the id orders them, and no page repeats or skips one.
    for (const dueAt of ['2026-12-10T09:00:00Z', '2026-12-08T09:00:00Z', '2026-12-09T09:00:00Z', '2026-12-09T09:00:00Z', '2026-12-07T09:00:00Z', '2026-12-11T09:00:00Z', '2026-12-06T09:00:00Z']) {
      made.push((await createTask(agent, { leadId: lead, type: 'call', dueAt }).expect(201)).body.id);
    }
    const seen: Task[] = [];
    let next: string | null = `/api/tasks?assignee=me&limit=3`;
    while (next) {
      const page: request.Response = await agent.agent.get(next).expect(200);
      expect(page.headers['x-total-count']).toBe('7');
      seen.push(...(page.body as Task[]));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.link ?? '')?.[1] ?? null;
    }
    expect(seen.map(({ id }) => id).sort()).toEqual([...made].sort());
    const order = seen.map(({ dueAt, id }) => `${dueAt} ${id}`);
    expect(order).toEqual([...order].sort());
  });

  it('lists a member’s open tasks overdue, due today and upcoming, the day as it is in Asia/Kolkata (or tz)', async () => {
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => NOW);
    const agent = await signedInAgent(testApp, admin, 'Night Shift Agent');
    const lead = await leadOwnedBy('Late Caller', agent.id);
    const at = async (dueAt: string, type = 'call') => (await createTask(agent, { leadId: lead, type, dueAt }).expect(201)).body.id as string;
    const yesterday = await at('2026-11-27T12:00:00Z');
    const earlierTonight = await at('2026-11-28T17:00:00Z'); // 22:30 in Kolkata: past
    const beforeMidnight = await at('2026-11-28T18:15:00Z'); // 23:45 in Kolkata: still today
    const afterMidnight = await at('2026-11-28T18:45:00Z'); // 00:15 on the 29th in Kolkata, the 28th in UTC
    const nextWeek = await at('2026-12-05T05:30:00Z', 'site_visit');
    const done = await at('2026-11-28T18:20:00Z');
    await send(agent, 'patch', `/api/tasks/${done}`, { done: true }).expect(200);
    const cancelled = await at('2026-11-28T18:25:00Z');
    await send(agent, 'patch', `/api/tasks/${cancelled}`, { cancelled: true }).expect(200);
    // A colleague's task, due today, is not "mine".
    await createTask(admin, { leadId: lead, type: 'call', dueAt: '2026-11-28T18:10:00Z', assigneeId: ravi.id }).expect(201);

    const ids = async (query: Record<string, string>) => (await list(agent, { assignee: 'me', ...query })).map(({ id }) => id);
    expect(await ids({ due: 'overdue' })).toEqual([yesterday, earlierTonight]);
    expect(await ids({ due: 'today' })).toEqual([beforeMidnight]);
    expect(await ids({ due: 'upcoming' })).toEqual([afterMidnight, nextWeek]);
    // In UTC the day lasts until 24:00 UTC: the task after Kolkata's midnight is today's.
    expect(await ids({ due: 'today', tz: 'UTC' })).toEqual([beforeMidnight, afterMidnight]);
    expect(await ids({ status: 'done' })).toEqual([done]);
    expect(await ids({ status: 'cancelled' })).toEqual([cancelled]);
    expect(await ids({ type: 'site_visit' })).toEqual([nextWeek]);
    const today = await agent.agent.get('/api/tasks').query({ assignee: 'me', due: 'today' }).expect(200);
    expect(today.headers['x-total-count']).toBe('1');
  });

  it('tells those who see the lead, and the assignee, of tasks made and changed; no one else', async () => {
    const url = `${await testApp.app.getUrl()}/api/events`.replace('[::1]', '127.0.0.1');
    const [ravisEvents, meerasEvents] = await Promise.all([SseClient.connect(url, { Cookie: ravi.cookie }), SseClient.connect(url, { Cookie: meera.cookie })]);
    try {
      const hidden = (await createTask(admin, { leadId: ravisLead, type: 'call', dueAt: '2026-12-12T10:00:00Z' }).expect(201)).body as Task;
      const forMeera = (await createTask(admin, { leadId: ravisLead, type: 'meeting', dueAt: '2026-12-12T11:00:00Z', assigneeId: meera.id }).expect(201)).body as Task;
      const created = await meerasEvents.next((event) => event.event === 'task.created' && (event.data as Task).id === forMeera.id);
      expect(created.data).toEqual(forMeera);
      await ravisEvents.next((event) => event.event === 'task.created' && (event.data as Task).id === hidden.id);
      await ravisEvents.next((event) => event.event === 'task.created' && (event.data as Task).id === forMeera.id);

      // Taken back from Meera: she is told (her lists drop it), then hears no more of it.
      await send(admin, 'patch', `/api/tasks/${forMeera.id}`, { assigneeId: ravi.id }).expect(200);
      const reassigned = await meerasEvents.next((event) => event.event === 'task.updated' && (event.data as Task).id === forMeera.id);
      expect((reassigned.data as Task).assignee).toEqual({ id: ravi.id, name: 'Ravi Kumar' });
      await send(admin, 'patch', `/api/tasks/${forMeera.id}`, { notes: 'Second change' }).expect(200);
      const own = (await createTask(meera, { leadId: meerasLead, type: 'call', dueAt: '2026-12-12T12:00:00Z' }).expect(201)).body as Task;
      await meerasEvents.next((event) => event.event === 'task.created' && (event.data as Task).id === own.id);
      await ravisEvents.next((event) => event.event === 'task.updated' && (event.data as Task).notes === 'Second change');
      const aboutMeera = meerasEvents.received().filter((event) => event.event.startsWith('task.')).map((event) => (event.data as Task).id);
      expect(aboutMeera).toEqual([forMeera.id, forMeera.id, own.id]);
      expect(ravisEvents.received().some((event) => event.event.startsWith('task.') && (event.data as Task).id === own.id)).toBe(false);
    } finally {
      ravisEvents.disconnect();
      meerasEvents.disconnect();
    }
  });

  it('lets the agent’s booking make a task inside its own transaction, named by the call, and roll it back with it', async () => {
    const tasks = testApp.app.get(TasksService);
    const database = testApp.app.get(Database);
    const booked = await database.transaction((tx) =>
      tasks.create({ leadId: ravisLead, type: 'site_visit', dueAt: new Date('2026-12-13T05:30:00Z'), endsAt: new Date('2026-12-13T06:30:00Z'), propertyId: 1 }, voiceAgentActor('call-7f3a'), tx),
    );
    await tasks.announce(booked, 'created');
    expect(booked).toMatchObject({ createdBy: null, vapiCallId: 'call-7f3a', assignee: { id: ravi.id }, status: 'open' });
    expect((await taskTimeline(ravisLead))[0]).toMatchObject({
      actor: null,
      data: { event: 'created', vapiCallId: 'call-7f3a', text: 'Site visit booked for Sun 13 Dec, 11:00 at Skyline Residency 2BHK by the agent during call call-7f3a; assigned to Ravi Kumar' },
    });
    const overlapping = await database.transaction((tx) => tasks.findOpenOverlapping(ravi.id, new Date('2026-12-13T06:00:00Z'), new Date('2026-12-13T07:00:00Z'), ['site_visit'], 3_600_000, tx));
    expect(overlapping.map(({ id }) => id)).toEqual([booked.id]);

    const count = await database.client.task.count();
    await expect(
      database.transaction(async (tx) => {
        await tasks.create({ leadId: ravisLead, type: 'call', dueAt: new Date('2026-12-14T05:30:00Z') }, voiceAgentActor('call-8'), tx);
        throw new Error('The booking failed after the task was written');
      }),
    ).rejects.toThrow('The booking failed');
    expect(await database.client.task.count()).toBe(count);
  });
});
