import { MAX_BULK_IDS, type BulkRequest, type Job, type Lead } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { jobEnded } from './support/bulk-jobs';
import { insertLeads } from './support/lead-fixtures';
import { SseClient } from './support/sse-client';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** Small batches: every job here takes several, so the cursor and the counters are crossed. */
const BATCH = 7;

describe.each(PROVIDERS)('bulk actions on %s', (provider) => {
  let testApp: TestApp;
  let db: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { JOB_BATCH_SIZE: String(BATCH), JOB_LEASE_SECONDS: '2' });
    db = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  /** n leads named `<prefix> i`, oldest first; their ids in that order. */
  const leads = async (prefix: string, n: number): Promise<string[]> => {
    const start = Date.now() - 86_400_000;
    await insertLeads(testApp, Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, createdAt: new Date(start + i * 1000) })));
    return (await db.lead.findMany({ where: { name: { startsWith: `${prefix} ` } }, orderBy: { createdAt: 'asc' }, select: { id: true } })).map(({ id }) => id);
  };
  const readJob = async (id: string): Promise<Job> => (await testApp.http.get(`/api/jobs/${id}`).expect(200)).body;
  const run = async (request: BulkRequest): Promise<Job> => {
    const created = await testApp.http.post('/api/leads/bulk').send(request).expect(202);
    return jobEnded(readJob, created.body.id);
  };
  const stored = (ids: string[]) => db.lead.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: 'asc' } });
  const entries = async (ids: string[], type: string) => {
    // Ids are UUIDv7: in the order the entries were made.
    const rows = await db.leadActivity.findMany({ where: { leadId: { in: ids }, type }, orderBy: { id: 'asc' } });
    const perLead = new Map<string, number>();
    for (const row of rows) perLead.set(row.leadId, (perLead.get(row.leadId) ?? 0) + 1);
    return { rows, perLead };
  };

  it('changes the stage of leads picked by id, one activity entry each, and counts those already there as skipped', async () => {
    const ids = await leads('Stage By Id', 20);
    await db.lead.updateMany({ where: { id: { in: ids.slice(0, 5) } }, data: { stageId: 'stage-contacted' } });
    const before = await stored(ids);

    const job = await run({ ids, action: { type: 'stage', stageId: 'stage-contacted' } });

    expect(job).toMatchObject({ kind: 'bulk', status: 'succeeded', total: 20, processed: 20, changed: 15, skipped: 5, errors: [], error: null, download: null });
    expect(job.action).toEqual({ type: 'stage', stageId: 'stage-contacted' });
    expect(job.finishedAt).not.toBeNull();
    const after = await stored(ids);
    expect(after.map((lead) => lead.stageId)).toEqual(ids.map(() => 'stage-contacted'));
    expect(after.map((lead, i) => lead.version - before[i].version)).toEqual(ids.map((_, i) => (i < 5 ? 0 : 1)));
    const { rows, perLead } = await entries(ids, 'stage_changed');
    expect(rows).toHaveLength(15);
    expect([...perLead.values()].every((count) => count === 1)).toBe(true);
    expect(ids.slice(0, 5).some((id) => perLead.has(id))).toBe(false);
    expect(JSON.parse(rows[0].data)).toEqual({ from: { id: 'stage-new', name: 'New' }, to: { id: 'stage-contacted', name: 'Contacted' }, lostReason: null });
  });

  it('moves leads to a lost stage with the reason, as the single edit does', async () => {
    const ids = await leads('Lost Bulk', 3);
    const job = await run({ ids, action: { type: 'stage', stageId: 'stage-lost', lostReason: 'Bought elsewhere' } });
    expect(job).toMatchObject({ status: 'succeeded', changed: 3 });
    expect((await stored(ids)).map((lead) => [lead.stageId, lead.lostReason])).toEqual(ids.map(() => ['stage-lost', 'Bought elsewhere']));
  });

  it('assigns every lead a filter selects, and no other, then unassigns them, reporting progress over live events', async () => {
    const owner = (await testApp.http.post('/api/staff').send({ email: 'bulk-owner@example.in', name: 'Bulk Owner', role: 'agent', password: 'an agent password of length' }).expect(201)).body;
    const ids = await leads('Assign Filter', 16);
    const others = await leads('Assign Untouched', 3);
    const events = await SseClient.connect(`${await testApp.app.getUrl()}/api/events`);
    try {
      const job = await run({ filter: { q: 'Assign Filter' }, action: { type: 'assign', ownerId: owner.id } });
      expect(job).toMatchObject({ status: 'succeeded', total: 16, processed: 16, changed: 16, skipped: 0 });
      const ended = await events.next((event) => event.event === 'job.updated' && (event.data as Job).id === job.id && (event.data as Job).status === 'succeeded');
      expect(ended.data).toMatchObject({ processed: 16, changed: 16 });
      // One event per batch at least: 16 leads in batches of 7.
      expect(events.received().filter((event) => event.event === 'job.updated' && (event.data as Job).id === job.id).length).toBeGreaterThanOrEqual(3);
    } finally {
      events.disconnect();
    }
    expect((await stored(ids)).every((lead) => lead.ownerId === owner.id)).toBe(true);
    expect((await stored(others)).every((lead) => lead.ownerId === null && lead.version === 1)).toBe(true);
    const assigned = await entries(ids, 'assigned');
    expect(assigned.rows).toHaveLength(16);
    expect(JSON.parse(assigned.rows[0].data)).toEqual({ from: null, to: { id: owner.id, name: 'Bulk Owner' }, by: 'staff' });

    const unassigned = await run({ filter: { owner: owner.id }, action: { type: 'assign', ownerId: null } });
    expect(unassigned).toMatchObject({ status: 'succeeded', total: 16, changed: 16 });
    expect((await stored(ids)).every((lead) => lead.ownerId === null && lead.version === 3)).toBe(true);
  });

  it('adds and removes tags over a filter, keeping the tag filter and counts in step, and skips leads that already have them', async () => {
    const ids = await leads('Tag Bulk', 10);
    await testApp.http.put(`/api/leads/${ids[0]}/tags`).send({ tags: ['Hot'] }).expect(200);

    const added = await run({ filter: { q: 'Tag Bulk' }, action: { type: 'addTags', tags: ['hot', 'Investor'] } });
    expect(added).toMatchObject({ status: 'succeeded', total: 10, changed: 10, skipped: 0 });
    const tagged = await testApp.http.get('/api/leads?tag=investor&limit=100').expect(200);
    expect(tagged.headers['x-total-count']).toBe('10');
    const first = (tagged.body as Lead[]).find((lead) => lead._id === ids[0])!;
    expect(first.tags).toEqual(['Hot', 'Investor']);
    expect((tagged.body as Lead[]).find((lead) => lead._id === ids[1])!.tags).toEqual(['hot', 'Investor']);
    const again = await run({ ids, action: { type: 'addTags', tags: ['Investor'] } });
    expect(again).toMatchObject({ changed: 0, skipped: 10 });

    const removed = await run({ filter: { tag: ['hot'] }, action: { type: 'removeTags', tags: ['HOT'] } });
    expect(removed).toMatchObject({ status: 'succeeded', total: 10, changed: 10 });
    expect((await testApp.http.get('/api/leads?tag=hot').expect(200)).headers['x-total-count']).toBe('0');
    expect((await stored(ids)).map((lead) => JSON.parse(lead.tags))).toEqual(ids.map(() => ['Investor']));
    const { rows } = await entries([ids[0]], 'tags_changed');
    expect(rows.map((row) => JSON.parse(row.data))).toEqual([
      { added: ['Hot'], removed: [] },
      { added: ['Investor'], removed: [] },
      { added: [], removed: ['Hot'] },
    ]);
  });

  it('refuses a tag a lead has no room for, naming the lead, and tags the rest', async () => {
    const [full, roomy] = await leads('Tag Full', 2);
    await testApp.http.put(`/api/leads/${full}/tags`).send({ tags: Array.from({ length: 20 }, (_, i) => `T${i}`) }).expect(200);
    const job = await run({ ids: [full, roomy], action: { type: 'addTags', tags: ['One More'] } });
    expect(job).toMatchObject({ status: 'succeeded', changed: 1, skipped: 1, errors: [{ id: full, line: null, message: 'The lead would carry more than 20 tags.' }] });
  });

  it('archives and brings back leads by id; archived leads leave the list', async () => {
    const ids = await leads('Archive Bulk', 9);
    const archived = await run({ ids, action: { type: 'archive' } });
    expect(archived).toMatchObject({ status: 'succeeded', changed: 9 });
    expect((await testApp.http.get('/api/leads?q=Archive%20Bulk').expect(200)).headers['x-total-count']).toBe('0');
    expect((await entries(ids, 'archived')).rows).toHaveLength(9);
    const back = await run({ filter: { archived: true, q: 'Archive Bulk' }, action: { type: 'unarchive' } });
    expect(back).toMatchObject({ status: 'succeeded', total: 9, changed: 9 });
    expect((await testApp.http.get('/api/leads?q=Archive%20Bulk').expect(200)).headers['x-total-count']).toBe('9');
  });

  it('exports the selection at once, as the CSV export writes it', async () => {
    const ids = await leads('Export Bulk', 4);
    const created = await testApp.http.post('/api/leads/bulk').send({ ids: ids.slice(1), action: { type: 'export' } }).expect(202);
    expect(created.body).toEqual({ id: expect.any(String), total: 3 });
    const job = await readJob(created.body.id);
    expect(job).toMatchObject({ status: 'succeeded', total: 3, processed: 3, download: `/api/jobs/${job.id}/export.csv` });
    const csv = await testApp.http.get(job.download!).expect(200).expect('Content-Type', /text\/csv/);
    const full = await testApp.http.get('/api/leads/export.csv?q=Export%20Bulk').expect(200);
    const [header, ...rows] = full.text.trim().split('\r\n');
    expect(csv.text.trim().split('\r\n')).toEqual([header, ...rows.filter((row) => !row.includes(ids[0]))]);
    expect(csv.text).not.toContain(ids[0]);
  });

  it('leaves leads that arrive after the job was made out of it', async () => {
    await leads('Later Bulk', 2);
    const created = await testApp.http.post('/api/leads/bulk').send({ filter: { q: 'Later Bulk' }, action: { type: 'export' } }).expect(202);
    await leads('Later Bulk Late', 1);
    const csv = await testApp.http.get(`/api/jobs/${created.body.id}/export.csv`).expect(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
  });

  it.each([
    ['both ids and a filter', { ids: ['a'], filter: {}, action: { type: 'archive' } }, 'ids'],
    ['neither', { action: { type: 'archive' } }, 'ids'],
    ['an unknown action', { ids: ['a'], action: { type: 'delete' } }, 'action.type'],
    ['no action', { ids: ['a'] }, 'action'],
    ['an unknown stage', { ids: ['a'], action: { type: 'stage', stageId: 'stage-nope' } }, 'action.stageId'],
    ['a lost stage without a reason', { ids: ['a'], action: { type: 'stage', stageId: 'stage-lost' } }, 'action.lostReason'],
    ['a reason for an open stage', { ids: ['a'], action: { type: 'stage', stageId: 'stage-new', lostReason: 'why' } }, 'action.lostReason'],
    ['an unknown owner', { ids: ['a'], action: { type: 'assign', ownerId: 'nobody' } }, 'action.ownerId'],
    ['no tags to add', { ids: ['a'], action: { type: 'addTags', tags: [] } }, 'action.tags'],
    ['too many ids', { ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => `lead-${i}`), action: { type: 'archive' } }, 'ids'],
    ['an unknown filter field', { filter: { colour: 'red' }, action: { type: 'archive' } }, 'filter.colour'],
    ['ids of no lead', { ids: ['no-such-lead'], action: { type: 'archive' } }, 'ids'],
  ])('refuses %s with a 400 naming the field, and makes no job', async (_case, body, field) => {
    const jobsBefore = await db.job.count();
    const response = await testApp.http.post('/api/leads/bulk').send(body).expect(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await db.job.count()).toBe(jobsBefore);
  });

  it('refuses an archived stage', async () => {
    const stage = (await testApp.http.post('/api/stages').send({ name: 'Parked', kind: 'open' }).expect(201)).body;
    await testApp.http.patch(`/api/stages/${stage.id}`).send({ archived: true }).expect(200);
    const [id] = await leads('Parked Bulk', 1);
    const response = await testApp.http.post('/api/leads/bulk').send({ ids: [id], action: { type: 'stage', stageId: stage.id } }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'action.stageId', message: 'is an archived stage' }]);
  });

  it('answers 404 for a job that does not exist', async () => {
    await testApp.http.get('/api/jobs/no-such-job').expect(404);
  });
});

describe.each(PROVIDERS)('bulk actions by staff on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  let db: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, JOB_BATCH_SIZE: String(BATCH) });
    db = testApp.app.get(Database).client;
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Bulk');
    meera = await signedInAgent(testApp, admin, 'Meera Bulk');
  });
  afterAll(() => testApp.close());

  const post = (session: StaffSession, body: BulkRequest) => session.agent.post('/api/leads/bulk').set('X-CSRF-Token', session.csrf).send(body);
  const readJob = (session: StaffSession) => async (id: string): Promise<Job> => (await session.agent.get(`/api/jobs/${id}`).expect(200)).body;
  /** Ravi's 3, Meera's 2 and 2 nobody's, by name. */
  const seed = async (prefix: string): Promise<Record<'ravis' | 'meeras' | 'nobodys', string[]>> => {
    const start = Date.now() - 3_600_000;
    const owners = [ravi.id, ravi.id, ravi.id, meera.id, meera.id, null, null];
    await db.lead.createMany({ data: owners.map((ownerId, i) => ({ name: `${prefix} ${i}`, ownerId, createdAt: new Date(start + i * 1000), updatedAt: new Date(start) })) });
    const ids = (await db.lead.findMany({ where: { name: { startsWith: `${prefix} ` } }, orderBy: { createdAt: 'asc' }, select: { id: true } })).map(({ id }) => id);
    return { ravis: ids.slice(0, 3), meeras: ids.slice(3, 5), nobodys: ids.slice(5) };
  };

  it("lets an agent change only the leads in their sight: a filter selects none of a colleague's", async () => {
    const leads = await seed('Sight Bulk');
    const created = await post(ravi, { filter: { q: 'Sight Bulk' }, action: { type: 'archive' } }).expect(202);
    expect(created.body.total).toBe(5);
    const job = await jobEnded(readJob(ravi), created.body.id);
    expect(job).toMatchObject({ status: 'succeeded', changed: 5, createdBy: { id: ravi.id, name: 'Ravi Bulk' } });
    const archived = await db.lead.findMany({ where: { name: { startsWith: 'Sight Bulk ' }, archivedAt: { not: null } }, select: { id: true } });
    expect(archived.map(({ id }) => id).sort()).toEqual([...leads.ravis, ...leads.nobodys].sort());
    const entries = await db.leadActivity.findMany({ where: { leadId: { in: leads.ravis }, type: 'archived' } });
    expect(entries.map((entry) => entry.actorId)).toEqual([ravi.id, ravi.id, ravi.id]);
  });

  it("refuses an agent's ids of a colleague's lead with a 400 naming them, changing nothing", async () => {
    const leads = await seed('Colleague Bulk');
    const response = await post(ravi, { ids: [leads.ravis[0], leads.meeras[0]], action: { type: 'archive' } }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'ids', message: `names leads that do not exist or are not yours to change: ${leads.meeras[0]}` }]);
    expect(await db.lead.count({ where: { name: { startsWith: 'Colleague Bulk ' }, archivedAt: { not: null } } })).toBe(0);
  });

  it("shows a job to its creator and the admins only, and leaves exports to admins", async () => {
    const leads = await seed('Reader Bulk');
    const created = await post(ravi, { ids: leads.nobodys, action: { type: 'addTags', tags: ['Ravi'] } }).expect(202);
    await jobEnded(readJob(ravi), created.body.id);
    await admin.agent.get(`/api/jobs/${created.body.id}`).expect(200);
    await meera.agent.get(`/api/jobs/${created.body.id}`).expect(404);
    await post(ravi, { ids: leads.ravis, action: { type: 'export' } }).expect(403);
    const exported = await post(admin, { ids: leads.meeras, action: { type: 'export' } }).expect(202);
    await ravi.agent.get(`/api/jobs/${exported.body.id}/export.csv`).expect(403);
    const csv = await admin.agent.get(`/api/jobs/${exported.body.id}/export.csv`).expect(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
  });
});
