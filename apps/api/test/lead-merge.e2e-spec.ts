import { MERGE_FIELDS, MERGE_UNDO_DAYS, type AccessLogEntry, type Lead, type LeadActivity, type MergeOutcome, type MergePreview, type MergeSide, type MergeUndone } from '@lead-desk/contracts';
import fc from 'fast-check';
import { Clock } from '../src/common/clock';
import { Database } from '../src/database/database';
import { duplicatePairKey } from '../src/leads/duplicates/duplicate-pair';
import { LEAD_REFERENCES } from '../src/leads/merge/lead-references';
import { MergeRecordsPurge } from '../src/privacy/retention/merge-records-purge';
import { statusUpdate } from './fixtures/vapi-messages';
import { leadReferenceColumns, snapshotTables } from './support/database-snapshot';
import { SseClient } from './support/sse-client';
import { signIn, signedInAgent, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(240_000);

const DAY_MS = 86_400_000;
const MERGE_RUNS = Number(process.env.MERGE_RUNS ?? 25);
// Each run makes two leads with their notes, calls, tasks and neighbours, merges, undoes and reads
// every table twice: 10-15 s a run on PostgreSQL on a busy 2-core machine (25 runs passed 240 s).

/** The traces a merge and its undo leave on purpose (timeline and access log entries), and the test's own opening of leads. */
const MERGE_TRACES = {
  lead_activities: (row: Record<string, unknown>) => row.type === 'merged' || row.type === 'merge_undone',
  access_log: (row: Record<string, unknown>) => row.action === 'leads_merged' || row.action === 'merge_undone' || row.action === 'lead_viewed',
};

/** One lead of a generated pair, with what belongs to it. */
interface LeadSpec {
  name: string;
  email: string | null;
  withPhone: boolean;
  location: string | null;
  qualified: boolean;
  source: string;
  interestedIn: string | null;
  budget: number | string | null;
  timeline: string | null;
  loanNeeded: boolean | null;
  stage: 'stage-new' | 'stage-contacted' | 'stage-lost';
  owner: 'none' | 'admin' | 'agent';
  tags: string[];
  notes: number;
  /** Tasks on it; the last one done, when there are two. */
  tasks: number;
  /** Each a consent given; true: withdrawn since. */
  consents: boolean[];
  doNotCall: boolean;
  calls: number;
  refusedCall: boolean;
}

const leadSpec: fc.Arbitrary<LeadSpec> = fc.record({
  name: fc.constantFrom('Aarav Sharma', 'Rahul Verma', 'Priya Nair', 'Zoë D’Souza', 'अनन्या गुप्ता'),
  email: fc.option(fc.constantFrom('aarav@example.in', 'rahul.verma@gmail.com', 'priya@example.in'), { nil: null }),
  withPhone: fc.boolean(),
  location: fc.option(fc.constantFrom('Pune', 'Baner, Pune', 'Andheri West'), { nil: null }),
  qualified: fc.boolean(),
  source: fc.constantFrom('web form', 'voice bot', 'facebook ads'),
  interestedIn: fc.option(fc.constantFrom('2 BHK', 'Villa'), { nil: null }),
  budget: fc.option(fc.oneof(fc.integer({ min: 1_000_000, max: 90_000_000 }), fc.constantFrom('45 Lakh', '50 Lakh - 1 Cr')), { nil: null }),
  timeline: fc.option(fc.constantFrom('1 month', '6 months'), { nil: null }),
  loanNeeded: fc.option(fc.boolean(), { nil: null }),
  stage: fc.constantFrom('stage-new', 'stage-contacted', 'stage-lost'),
  owner: fc.constantFrom('none', 'admin', 'agent'),
  tags: fc.subarray(['VIP', 'Pune', 'Hot', 'Site visit', 'NRI', 'vip']),
  notes: fc.nat(2),
  tasks: fc.nat(2),
  consents: fc.array(fc.boolean(), { maxLength: 2 }),
  doNotCall: fc.boolean(),
  calls: fc.nat(2),
  refusedCall: fc.boolean(),
});

/** The pairs of possible duplicates around the two leads, and the bulk jobs that selected them. */
const surroundings = fc.record({
  pairOfTheTwo: fc.boolean(),
  /** Third leads paired with the merged lead; `withKept`: paired with the kept lead too. */
  thirds: fc.array(fc.record({ withKept: fc.boolean(), dismissed: fc.boolean() }), { minLength: 1, maxLength: 2 }),
  jobOfMerged: fc.boolean(),
  jobOfBoth: fc.boolean(),
});

const choice = fc.record(
  {
    ...Object.fromEntries(MERGE_FIELDS.filter((field) => field !== 'stage' && field !== 'owner').map((field) => [field, fc.constantFrom<MergeSide>('kept', 'merged')])),
    pipeline: fc.constantFrom<MergeSide>('kept', 'merged'),
    pipelineNamed: fc.constantFrom('stage', 'owner', 'both'),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Partial<Record<string, MergeSide | string>>>;

describe.each(PROVIDERS)('merging two leads on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;
  let otherAgent: StaffSession;
  let client: Database['client'];
  let phones = 0;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Ravi Agent');
    otherAgent = await signedInAgent(testApp, admin, 'Meera Agent');
    client = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  const send = (method: 'post' | 'patch' | 'put', path: string, body: object, session = admin) => session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const nextPhone = () => `+9198200${String((phones += 1)).padStart(5, '0')}`;
  const preview = async (keepId: string, mergeId: string, session = admin): Promise<MergePreview> =>
    (await session.agent.get('/api/leads/merge-preview').query({ keepId, mergeId }).expect(200)).body;
  const merge = (keep: Lead, merged: Lead, choose: object = {}, session = admin) =>
    send('post', '/api/leads/merge', { keepId: keep._id, mergeId: merged._id, keepVersion: keep.version, mergeVersion: merged.version, choose }, session);
  const undo = (mergeId: string, session = admin) => send('post', `/api/leads/merges/${mergeId}/undo`, {}, session);
  const leadOf = async (id: string): Promise<Lead> => {
    const { calls: _calls, ...lead } = (await admin.agent.get(`/api/leads/${id}`).expect(200)).body;
    return lead;
  };
  const timelineOf = async (id: string): Promise<LeadActivity[]> => (await admin.agent.get(`/api/leads/${id}/activity`).query({ limit: 200 }).expect(200)).body;
  const snapshot = () => snapshotTables(testApp.database, MERGE_TRACES);
  const simpleLead = async (name: string, extra: object = {}, session = admin): Promise<Lead> =>
    (await send('post', '/api/leads', { name, phone: nextPhone(), allowDuplicate: true, ...extra }, session).expect(201)).body;

  /** A lead as the spec says, through the API, with its notes, consents, calls and refused calls. */
  async function makeLead(spec: LeadSpec): Promise<Lead> {
    const { withPhone, stage, owner, tags, notes, tasks, consents, doNotCall, calls, refusedCall, loanNeeded, ...fields } = spec;
    const phone = withPhone ? nextPhone() : undefined;
    const created: Lead = (await send('post', '/api/leads', { ...fields, loan_needed: loanNeeded, phone, allowDuplicate: true }).expect(201)).body;
    const ownerId = owner === 'admin' ? admin.id : owner === 'agent' ? agent.id : null;
    await send('patch', `/api/leads/${created._id}`, {
      stageId: stage,
      ...(stage === 'stage-lost' ? { lostReason: 'Bought elsewhere' } : {}),
      ownerId,
      ...(doNotCall ? { doNotCall: true, doNotCallReason: 'Asked not to be called' } : {}),
    }).expect(200);
    if (tags.length > 0) await send('put', `/api/leads/${created._id}/tags`, { tags }).expect(200);
    for (let note = 0; note < notes; note += 1) await send('post', `/api/leads/${created._id}/notes`, { body: `Note ${note} on ${spec.name}` }).expect(201);
    for (let task = 0; task < tasks; task += 1) {
      const made = (await send('post', '/api/tasks', { leadId: created._id, type: task ? 'call' : 'site_visit', dueAt: `2026-12-0${task + 1}T11:00:00+05:30`, propertyId: task ? null : 1 }).expect(201)).body;
      if (task === 1) await send('patch', `/api/tasks/${made.id}`, { done: true, outcome: 'Spoke, call back next week' }).expect(200);
    }
    for (const withdrawn of consents) {
      const consent = (await send('post', `/api/leads/${created._id}/consents`, { wording: 'Yes, call me about flats' }).expect(201)).body;
      if (withdrawn) await send('post', `/api/leads/${created._id}/consents/${consent.id}/withdraw`, {}).expect(200);
    }
    for (let call = 0; call < calls; call += 1) {
      await testApp.http.post('/api/webhooks/vapi').send(statusUpdate(`merge-call-${created._id}-${call}`, 'queued', { assistantOverrides: { metadata: { leadId: created._id } } })).expect(200);
    }
    if (refusedCall && doNotCall && phone) await send('post', '/api/calls', { leadId: created._id }).expect(409);
    return leadOf(created._id);
  }

  /** A pair of possible duplicates (one the API found already is left as it is). */
  async function pair(leadId: string, otherLeadId: string, dismissed = false): Promise<void> {
    const pairKey = duplicatePairKey(leadId, otherLeadId);
    await client.leadDuplicate.upsert({
      where: { pairKey },
      create: { leadId, otherLeadId, reason: 'same_phone', pairKey, ...(dismissed ? { dismissedAt: new Date(), dismissedById: admin.id } : {}) },
      update: {},
    });
  }

  async function exportJob(ids: string[]): Promise<void> {
    const { id } = (await send('post', '/api/leads/bulk', { ids, action: { type: 'export' } }).expect(202)).body;
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await admin.agent.get(`/api/jobs/${id}`).expect(200)).body.status === 'succeeded') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Export job ${id} did not finish`);
  }

  it('names every column that refers to a lead: a table added later must say what a merge does with it', async () => {
    expect(await leadReferenceColumns(testApp.database)).toEqual(Object.keys(LEAD_REFERENCES).sort());
  });

  it('leaves both databases as before after a merge and its undo, whatever the leads hold and whatever is chosen', async () => {
    await fc.assert(
      fc.asyncProperty(leadSpec, leadSpec, surroundings, choice, async (keptSpec, mergedSpec, around, picked) => {
        const kept = await makeLead(keptSpec);
        const merged = await makeLead(mergedSpec);
        if (around.pairOfTheTwo) await pair(merged._id, kept._id);
        for (const third of around.thirds) {
          const lead = await simpleLead('Third Lead');
          await pair(lead._id, merged._id, third.dismissed);
          if (third.withKept) await pair(lead._id, kept._id);
        }
        if (around.jobOfMerged) await exportJob([merged._id]);
        if (around.jobOfBoth) await exportJob([kept._id, merged._id]);
        const before = await snapshot();

        const { pipeline, pipelineNamed, ...fields } = picked;
        const choose = { ...fields, ...(pipeline ? ((pipelineNamed ?? 'both') === 'both' ? { stage: pipeline, owner: pipeline } : { [pipelineNamed ?? 'both']: pipeline }) : {}) };
        const shown = await preview(kept._id, merged._id);
        const [keptNow, mergedNow] = [shown.kept, shown.merged];
        const outcome: MergeOutcome = (await merge(keptNow, mergedNow, choose).expect(200)).body;

        // The kept lead took each field from the lead chosen for it (else the proposal), the stage and owner from one lead.
        const sides = Object.fromEntries(shown.fields.map((row) => [row.field, (choose as Record<string, MergeSide>)[row.field] ?? row.proposed]));
        if (pipeline) sides.stage = sides.owner = pipeline as MergeSide;
        const merges = (await snapshotTables(testApp.database)).lead_merges;
        expect(merges).toHaveLength(before.lead_merges.length + 1);
        const row = (field: string) => shown.fields.find((candidate) => candidate.field === field)!;
        const valueOf = (lead: Lead, field: string) =>
          field === 'stage' ? lead.stage.name : field === 'owner' ? (lead.owner?.name ?? null) : (lead as unknown as Record<string, unknown>)[field];
        for (const field of MERGE_FIELDS) expect([field, valueOf(outcome.lead, field)]).toEqual([field, row(field)[sides[field] as MergeSide]]);
        expect(outcome.lead.doNotCall).toBe(keptSpec.doNotCall || mergedSpec.doNotCall);
        expect(new Set(outcome.lead.tags.map((tag) => tag.toLowerCase()))).toEqual(new Set([...keptNow.tags, ...mergedNow.tags].map((tag) => tag.toLowerCase())));
        expect(outcome.lead.version).toBe(keptNow.version + 1);
        await admin.agent.get(`/api/leads/${merged._id}`).expect(404);
        const calls = await client.call.count({ where: { leadId: kept._id } });
        expect(calls).toBe(keptSpec.calls + mergedSpec.calls);
        expect(await client.task.count({ where: { leadId: kept._id } })).toBe(keptSpec.tasks + mergedSpec.tasks);
        expect((await timelineOf(kept._id))[0]).toMatchObject({ type: 'merged', data: { mergeId: outcome.merge.id, mergedLeadId: merged._id }, actor: { id: admin.id } });

        const undone: MergeUndone = (await undo(outcome.merge.id).expect(200)).body;
        expect(undone.kept).toEqual(keptNow);
        expect(undone.restored).toEqual(mergedNow);
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: MERGE_RUNS },
    );
  }, MERGE_RUNS * 20_000);

  it('previews every field side by side, proposing the kept lead’s value or the merged one’s where it has none, and what moves', async () => {
    const kept = await simpleLead('Aarav Sharma', { email: 'aarav.preview@example.in', location: null, budget: '45 Lakh' });
    const merged = await simpleLead('Aarav S.', { location: 'Baner', budget: 9_500_000, timeline: '3 months' });
    await send('put', `/api/leads/${merged._id}/tags`, { tags: ['NRI', 'vip'] }).expect(200);
    await send('put', `/api/leads/${kept._id}/tags`, { tags: ['VIP'] }).expect(200);
    await send('post', `/api/leads/${merged._id}/notes`, { body: 'Wants a corner flat' }).expect(201);
    await send('post', '/api/tasks', { leadId: merged._id, type: 'site_visit', dueAt: '2026-12-05T11:00:00+05:30', propertyId: 3 }).expect(201);
    await send('patch', `/api/leads/${merged._id}`, { ownerId: agent.id, doNotCall: true, doNotCallReason: 'Asked on a call' }).expect(200);
    const shown = await preview(kept._id, merged._id);
    expect(shown.kept).toEqual(await leadOf(kept._id));
    expect(shown.merged).toEqual(await leadOf(merged._id));
    expect(shown.fields.map(({ field }) => field)).toEqual([...MERGE_FIELDS]);
    const byField = Object.fromEntries(shown.fields.map(({ field, ...rest }) => [field, rest]));
    expect(byField.name).toEqual({ kept: 'Aarav Sharma', merged: 'Aarav S.', differs: true, proposed: 'kept' });
    expect(byField.location).toEqual({ kept: null, merged: 'Baner', differs: true, proposed: 'merged' });
    expect(byField.budget).toEqual({ kept: '45 Lakh', merged: 9_500_000, differs: true, proposed: 'kept' });
    expect(byField.qualified).toEqual({ kept: false, merged: false, differs: false, proposed: 'kept' });
    // The kept lead is unassigned, the merged one the agent's: the merged lead's stage and owner are proposed, together.
    expect(byField.owner).toEqual({ kept: null, merged: 'Ravi Agent', differs: true, proposed: 'merged' });
    expect(byField.stage).toEqual({ kept: 'New', merged: 'New', differs: false, proposed: 'merged' });
    expect(shown.moves).toEqual({ calls: 0, notes: 1, consents: 0, activities: (await timelineOf(merged._id)).length, tasks: 1, tags: ['NRI'], doNotCall: true });
  });

  it('answers 412 and changes nothing when either lead changed since the preview; 400 for a bad request', async () => {
    const kept = await simpleLead('Stale Kept');
    const merged = await simpleLead('Stale Merged');
    await send('patch', `/api/leads/${merged._id}`, { location: 'Changed meanwhile' }).expect(200);
    const before = await snapshot();
    const stale = await merge(kept, merged).expect(412);
    expect(stale.body.message).toBe(`Lead ${merged._id} has changed since the preview (it is at version 2). Load the preview again and choose again.`);
    expect(await snapshot()).toEqual(before);

    const same = await merge(kept, kept).expect(400);
    expect(same.body.errors).toEqual([{ field: 'mergeId', message: 'must be another lead than keepId' }]);
    const split = await merge(kept, await leadOf(merged._id), { stage: 'kept', owner: 'merged' }).expect(400);
    expect(split.body.errors).toEqual([{ field: 'choose.owner', message: 'goes with the stage: choose the same lead for stage and owner' }]);
    const unknown = await merge(kept, await leadOf(merged._id), { colour: 'kept' }).expect(400);
    expect(unknown.body.errors.map(({ field }: { field: string }) => field)).toEqual(['choose.colour']);
    const noVersion = await send('post', '/api/leads/merge', { keepId: kept._id, mergeId: merged._id }).expect(400);
    expect(noVersion.body.errors.map(({ field }: { field: string }) => field).sort()).toEqual(['keepVersion', 'mergeVersion']);
    await admin.agent.get('/api/leads/merge-preview').query({ keepId: kept._id }).expect(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a merge whose tags would pass the 20 a lead may carry, merging nothing', async () => {
    const kept = await simpleLead('Many Tags');
    const merged = await simpleLead('More Tags');
    await send('put', `/api/leads/${kept._id}/tags`, { tags: Array.from({ length: 12 }, (_, i) => `Kept ${i}`) }).expect(200);
    await send('put', `/api/leads/${merged._id}/tags`, { tags: Array.from({ length: 12 }, (_, i) => `Merged ${i}`) }).expect(200);
    const before = await snapshot();
    const refused = await merge(await leadOf(kept._id), await leadOf(merged._id)).expect(409);
    expect(refused.body.message).toBe('Together the two leads have 24 tags, more than the 20 a lead may carry: remove some first. Nothing was merged.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to undo once the kept lead changed after the merge, saying why and losing nothing', async () => {
    const kept = await simpleLead('Later Kept');
    const merged = await simpleLead('Later Merged');
    const { merge: done } = (await merge(kept, merged).expect(200)).body as MergeOutcome;
    await send('post', `/api/leads/${kept._id}/notes`, { body: 'Called back after the merge' }).expect(201);
    const noted = await undo(done.id).expect(409);
    expect(noted.body.message).toBe(`Lead ${kept._id} changed after the merge (1 note added, 1 timeline entry added): undoing the merge would lose those changes, so nothing was undone.`);
    await send('patch', `/api/leads/${kept._id}`, { location: 'Wakad' }).expect(200);
    const edited = await undo(done.id).expect(409);
    expect(edited.body.message).toMatch(new RegExp(`^Lead ${kept._id} changed after the merge \\(edited \\(version 2 → 3\\), 1 note added, 2 timeline entries added\\)`));
    expect(await leadOf(kept._id)).toMatchObject({ location: 'Wakad', version: 3 });
    await admin.agent.get(`/api/leads/${merged._id}`).expect(404);
  });

  it('undoes merges of merges in turn: the later one first', async () => {
    const first = await simpleLead('Chain One');
    const second = await simpleLead('Chain Two');
    const third = await simpleLead('Chain Three');
    const before = await snapshot();
    const inner = ((await merge(first, second).expect(200)).body as MergeOutcome).merge;
    const outer = ((await merge(third, await leadOf(first._id)).expect(200)).body as MergeOutcome).merge;
    const refused = await undo(inner.id).expect(409);
    expect(refused.body.message).toBe(`Lead ${first._id} was merged into lead ${third._id} (merge ${outer.id}): undo that merge first. Nothing was undone.`);
    await undo(outer.id).expect(200);
    await undo(inner.id).expect(200);
    expect(await snapshot()).toEqual(before);
  });

  it(`can be undone for ${MERGE_UNDO_DAYS} days: then the record is purged once a day, and an undone or unknown merge is a clear 4xx`, async () => {
    const kept = await simpleLead('Old Kept');
    const merged = await simpleLead('Old Merged', { email: 'old.merged@example.in' });
    const { merge: done } = (await merge(kept, merged).expect(200)).body as MergeOutcome;
    expect(Date.parse(done.undoUntil) - Date.parse(done.at)).toBe(MERGE_UNDO_DAYS * DAY_MS);
    const clock = testApp.app.get(Clock);
    const later = new Date(Date.parse(done.undoUntil) + 60_000);
    const spy = jest.spyOn(clock, 'now').mockImplementation(() => later);
    try {
      const late = await undo(done.id).expect(410);
      expect(late.body.message).toBe(`Merge ${done.id} can no longer be undone: its ${MERGE_UNDO_DAYS} days ended at ${done.undoUntil}.`);
      // The day's purge deletes the record (and the merged lead's data with it), once across processes.
      expect(await client.leadMerge.count({ where: { id: done.id } })).toBe(1);
      await testApp.app.get(MergeRecordsPurge).runToday(later);
      expect(await client.leadMerge.count({ where: { id: done.id } })).toBe(0);
      const runs = await client.dailyRun.findMany({ where: { task: 'merge-records-purge' } });
      expect(runs).toEqual([expect.objectContaining({ outcome: expect.stringMatching(/^\{"merges":[1-9]\d*\}$/) })]);
      const purged = await undo(done.id).expect(410);
      expect(purged.body.message).toBe(`Merge ${done.id} can no longer be undone: its record is gone (${MERGE_UNDO_DAYS} days after the merge it is purged).`);
    } finally {
      spy.mockRestore();
    }
    expect(await snapshotTables(testApp.database).then((tables) => tables.lead_merges.some((row) => row.includes('old.merged@example.in')))).toBe(false);

    const again = ((await merge(await simpleLead('Twice Kept'), await simpleLead('Twice Merged')).expect(200)).body as MergeOutcome).merge;
    await undo(again.id).expect(200);
    expect((await undo(again.id).expect(409)).body.message).toMatch(new RegExp(`^Merge ${again.id} was undone already, at \\d{4}-`));
    expect((await undo('no-such-merge').expect(404)).body.message).toBe('No merge with id no-such-merge.');
  });

  it('merges and undoes once when asked twice at the same moment', async () => {
    const kept = await simpleLead('Twice At Once Kept');
    const merged = await simpleLead('Twice At Once Merged');
    const merges = await Promise.all([merge(kept, merged), merge(kept, merged)]);
    expect(merges.map(({ status }) => status).sort()).toEqual([200, 404]);
    const { merge: done } = merges.find(({ status }) => status === 200)!.body as MergeOutcome;
    const undos = await Promise.all([undo(done.id), undo(done.id)]);
    expect(undos.map(({ status }) => status).sort()).toEqual([200, 409]);
    expect(await leadOf(merged._id)).toEqual(merged);
  });

  it('lets agents merge and undo only leads they can see (404 otherwise), and records both in the access log by ids', async () => {
    const own = await simpleLead('Agent Own', {}, agent);
    await send('patch', `/api/leads/${own._id}`, { ownerId: agent.id }, agent).expect(200);
    const unassigned = await simpleLead('Agent Unassigned');
    const colleagues = await simpleLead('Colleague Lead');
    await send('patch', `/api/leads/${colleagues._id}`, { ownerId: otherAgent.id }).expect(200);
    const before = await snapshot();

    for (const [keep, merged] of [
      [own, colleagues],
      [colleagues, own],
    ]) {
      const missing = await agent.agent.get('/api/leads/merge-preview').query({ keepId: keep._id, mergeId: merged._id }).expect(404);
      expect(missing.body.message).toBe(`No lead with id ${colleagues._id}.`);
      await merge(await leadOf(keep._id), await leadOf(merged._id), {}, agent).expect(404);
    }
    expect(await snapshot()).toEqual(before);

    const outcome: MergeOutcome = (await merge(await leadOf(own._id), unassigned, {}, agent).expect(200)).body;
    expect(outcome.merge).toMatchObject({ keptLeadId: own._id, mergedLeadId: unassigned._id, by: { id: agent.id, name: 'Ravi Agent' }, undoneAt: null });
    expect((await undo(outcome.merge.id, otherAgent).expect(404)).body.message).toBe(`No merge with id ${outcome.merge.id}.`);
    const undone: MergeUndone = (await undo(outcome.merge.id, agent).expect(200)).body;
    expect(undone.merge.undoneAt).toEqual(expect.any(String));
    expect(await snapshot()).toEqual(before);

    const audit = async (action: string): Promise<AccessLogEntry[]> => (await admin.agent.get('/api/audit').query({ action, limit: 200 }).expect(200)).body;
    const merged = (await audit('leads_merged')).find(({ details }) => details.mergeId === outcome.merge.id);
    expect(merged).toEqual(expect.objectContaining({ actor: { id: agent.id, name: 'Ravi Agent' }, leadId: own._id, targetIds: [own._id, unassigned._id], details: { mergeId: outcome.merge.id } }));
    const undoneEntry = (await audit('merge_undone')).find(({ details }) => details.mergeId === outcome.merge.id);
    expect(undoneEntry).toEqual(expect.objectContaining({ actor: { id: agent.id, name: 'Ravi Agent' }, leadId: own._id, targetIds: [own._id, unassigned._id], details: { mergeId: outcome.merge.id } }));
    // The timeline keeps both traces.
    expect((await timelineOf(own._id)).slice(0, 2).map(({ type }) => type)).toEqual(['merge_undone', 'merged']);
  });

  it('tells every viewer: the kept lead updated and the merged one removed, and the reverse on undo', async () => {
    const kept = await simpleLead('Live Kept');
    const merged = await simpleLead('Live Merged');
    const events = await SseClient.connect(`${await testApp.app.getUrl()}/api/events`, { Cookie: admin.cookie });
    try {
      const { merge: done } = (await merge(kept, merged).expect(200)).body as MergeOutcome;
      await events.next((event) => event.event === 'lead.updated' && (event.data as Lead)._id === kept._id && (event.data as Lead).version === 2);
      await events.next((event) => event.event === 'lead.removed' && (event.data as { id: string }).id === merged._id);
      await undo(done.id).expect(200);
      await events.next((event) => event.event === 'lead.updated' && (event.data as Lead)._id === kept._id && (event.data as Lead).version === 1);
      const back = await events.next((event) => event.event === 'lead.created' && (event.data as Lead)._id === merged._id);
      expect(back.data).toEqual(merged);
    } finally {
      events.disconnect();
    }
    // The restored lead is found by search again.
    const found = (await admin.agent.get('/api/leads').query({ q: 'Live Merged' }).expect(200)).body as Lead[];
    expect(found.map(({ _id }) => _id)).toEqual([merged._id]);
  });
});
