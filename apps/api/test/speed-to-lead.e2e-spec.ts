import type { SpeedToLeadReport } from '@lead-desk/contracts';
import { activity } from '../src/activity/activity-entry';
import { LeadActivityRepository } from '../src/activity/lead-activity.repository';
import { Database } from '../src/database/database';
import type { Call } from '../src/database/models';
import { newRowId } from '../src/database/row-id';
import { freshLead } from '../src/leads/fresh-lead';
import { LeadsRepository } from '../src/leads/leads.repository';
import { StagesRepository } from '../src/stages/stages.repository';
import { CallsRepository } from '../src/voice/calls/calls.repository';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';

const REPORT = '/api/reports/speed-to-lead';
/** 09:30 on 10 November in Kolkata: the leads below arrive a minute apart from here. */
const T = Date.parse('2026-11-10T04:00:00.000Z');
const at = (seconds: number) => new Date(T + seconds * 1000);
const PERIOD = { from: '2026-11-10', to: '2026-11-11', tz: 'Asia/Kolkata' };

/**
 * A small team's leads, each written through the app's own repositories (so their response-time
 * rows come from the same writes as in production) at times the test chooses: seconds from arrival
 * to the first outbound call, to the call that connected, and to the owner's first note.
 */
const LEADS = [
  { name: 'L1', owner: 'asha', source: 'web form', attempt: 30, conversation: 45, ownerNote: 120 },
  { name: 'L2', owner: 'asha', source: 'web form', attempt: 90, conversation: null, ownerNote: 600 },
  { name: 'L3', owner: 'asha', source: 'facebook ads', attempt: 240, conversation: 300, ownerNote: null },
  { name: 'L4', owner: 'bala', source: 'facebook ads', attempt: 600, conversation: 660, ownerNote: 700 },
  { name: 'L5', owner: 'bala', source: 'web form', attempt: null, conversation: null, ownerNote: null },
  { name: 'L6', owner: null, source: 'facebook ads', attempt: null, conversation: null, ownerNote: null },
] as const;

const figures = (reached: number, medianSeconds: number | null, p90Seconds: number | null) => ({ reached, medianSeconds, p90Seconds });

describe.each(PROVIDERS)('GET /api/reports/speed-to-lead on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let asha: StaffSession;
  let bala: StaffSession;
  const ids = new Map<string, string>();
  const report = (session: StaffSession, query: Record<string, string> = PERIOD) => session.agent.get(REPORT).query(query);

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    asha = await signedInAgent(testApp, admin, 'Asha Rao');
    bala = await signedInAgent(testApp, admin, 'Bala Menon');
    const owners = { asha: asha.id, bala: bala.id };
    const database = testApp.app.get(Database);
    const leads = testApp.app.get(LeadsRepository);
    const calls = testApp.app.get(CallsRepository);
    const activities = testApp.app.get(LeadActivityRepository);
    const entryStageId = await testApp.app.get(StagesRepository).entryStageId();

    for (const [index, lead] of LEADS.entries()) {
      const arrival = T + index * 60_000;
      const since = (seconds: number) => new Date(arrival + seconds * 1000);
      const ownerId = lead.owner ? owners[lead.owner] : null;
      await database.transaction(async (tx) => {
        const pipeline = { ...freshLead(entryStageId), ownerId };
        // L6 came through a channel that sends its own creation time: it arrived an hour before it was written.
        const created =
          lead.name === 'L6'
            ? await leads.create({ name: lead.name, source: lead.source, ...pipeline, createdAt: since(3600) }, tx, { arrivedAt: since(0) })
            : await leads.create({ name: lead.name, source: lead.source, ...pipeline, createdAt: since(0) }, tx);
        ids.set(lead.name, created.id);
        if (lead.attempt !== null) {
          const call = outboundCall(created.id, since(lead.attempt), lead.conversation === null ? null : since(lead.conversation));
          await calls.upsertMany([call], tx);
          // A later call never moves the first attempt or conversation.
          await calls.upsertMany([outboundCall(created.id, since(lead.attempt + 5000), null)], tx);
        }
        // Another agent's note, early, is not the owner's answer.
        const other = lead.owner === 'asha' ? bala.id : asha.id;
        await activities.append([activity(created.id, 'note_added', { noteId: newRowId() }, other)], tx, since(10));
        if (lead.ownerNote !== null) await activities.append([activity(created.id, 'note_added', { noteId: newRowId() }, ownerId)], tx, since(lead.ownerNote));
      });
    }
    // Outside the period in Kolkata (00:30 on 12 November there), inside it in UTC (19:00 on the 11th).
    await database.transaction(async (tx) => {
      await leads.create({ name: 'Late', source: 'web form', ...freshLead(entryStageId), ownerId: asha.id, createdAt: new Date('2026-11-11T19:00:00.000Z') }, tx);
    });
  });
  afterAll(() => testApp.close());

  it("answers an admin with every lead's figures: medians and 90th percentiles as percentile_cont, overall, per source and per agent", async () => {
    const body = (await report(admin).expect(200)).body as SpeedToLeadReport;
    expect(body).toMatchObject({ from: '2026-11-10', to: '2026-11-11', tz: 'Asia/Kolkata' });
    expect(body.overall).toEqual({
      leads: 6,
      firstAttempt: figures(4, 165, 492),
      firstConversation: figures(3, 300, 588),
      firstOwnerAction: figures(3, 600, 680),
      attemptedWithin1Minute: 1 / 6,
      attemptedWithin5Minutes: 0.5,
    });
    expect(body.bySource).toEqual([
      { source: 'facebook ads', leads: 3, firstAttempt: figures(2, 420, 564), firstConversation: figures(2, 480, 624), firstOwnerAction: figures(1, 700, 700), attemptedWithin1Minute: 0, attemptedWithin5Minutes: 1 / 3 },
      { source: 'web form', leads: 3, firstAttempt: figures(2, 60, 84), firstConversation: figures(1, 45, 45), firstOwnerAction: figures(2, 360, 552), attemptedWithin1Minute: 1 / 3, attemptedWithin5Minutes: 2 / 3 },
    ]);
    expect(body.byAgent).toEqual([
      { agent: { id: asha.id, name: 'Asha Rao' }, leads: 3, firstAttempt: figures(3, 90, 210), firstConversation: figures(2, 172.5, 274.5), firstOwnerAction: figures(2, 360, 552), attemptedWithin1Minute: 1 / 3, attemptedWithin5Minutes: 1 },
      { agent: { id: bala.id, name: 'Bala Menon' }, leads: 2, firstAttempt: figures(1, 600, 600), firstConversation: figures(1, 660, 660), firstOwnerAction: figures(1, 700, 700), attemptedWithin1Minute: 0, attemptedWithin5Minutes: 0 },
      { agent: null, leads: 1, firstAttempt: figures(0, null, null), firstConversation: figures(0, null, null), firstOwnerAction: figures(0, null, null), attemptedWithin1Minute: 0, attemptedWithin5Minutes: 0 },
    ]);
    expect(body.waiting).toEqual({
      total: 2,
      leads: [
        { id: ids.get('L5'), name: 'L5', source: 'web form', owner: { id: bala.id, name: 'Bala Menon' }, arrivedAt: at(4 * 60).toISOString() },
        { id: ids.get('L6'), name: 'L6', source: 'facebook ads', owner: null, arrivedAt: at(5 * 60).toISOString() },
      ],
    });
  });

  it('counts the days in the time zone asked for: the late lead falls in the period in UTC only', async () => {
    const utc = (await report(admin, { ...PERIOD, tz: 'UTC' }).expect(200)).body as SpeedToLeadReport;
    expect(utc.overall.leads).toBe(7);
    expect(utc.waiting.total).toBe(3);
    const dayBefore = (await report(admin, { from: '2026-11-09', to: '2026-11-09', tz: 'Asia/Kolkata' }).expect(200)).body as SpeedToLeadReport;
    expect(dayBefore.overall).toEqual({
      leads: 0,
      firstAttempt: figures(0, null, null),
      firstConversation: figures(0, null, null),
      firstOwnerAction: figures(0, null, null),
      attemptedWithin1Minute: null,
      attemptedWithin5Minutes: null,
    });
    expect(dayBefore.bySource).toEqual([]);
    expect(dayBefore.waiting).toEqual({ total: 0, leads: [] });
  });

  it('shows an agent only the leads they own: not a colleague’s, not the unassigned ones', async () => {
    const ashas = (await report(asha).expect(200)).body as SpeedToLeadReport;
    expect(ashas.overall).toMatchObject({ leads: 3, firstAttempt: figures(3, 90, 210), attemptedWithin5Minutes: 1 });
    expect(ashas.bySource.map((row) => [row.source, row.leads])).toEqual([['web form', 2], ['facebook ads', 1]]);
    expect(ashas.byAgent.map((row) => row.agent?.id)).toEqual([asha.id]);
    expect(ashas.waiting).toEqual({ total: 0, leads: [] });
    const balas = (await report(bala).expect(200)).body as SpeedToLeadReport;
    expect(balas.overall.leads).toBe(2);
    expect(balas.waiting.leads.map((lead) => lead.name)).toEqual(['L5']);
  });

  it.each([
    [{ to: '2026-11-11' }, 'from', 'date'],
    [{ from: '2026-11-10' }, 'to', 'date'],
    [{ from: '10/11/2026', to: '2026-11-11' }, 'from', 'YYYY-MM-DD'],
    [{ ...PERIOD, tz: 'Mars/Olympus' }, 'tz', 'IANA'],
    [{ from: '2026-11-11', to: '2026-11-10' }, 'to', 'not be before from'],
    [{ from: '2025-01-01', to: '2026-11-10' }, 'to', 'at most 366 days'],
  ])('rejects %o naming the field', async (query, field, message) => {
    const response = await report(admin, query).expect(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field, message: expect.stringContaining(message) })]);
  });

  it('catches up after a change: the last report is answered meanwhile, the new one as soon as it is aggregated', async () => {
    const day = { from: '2026-11-20', to: '2026-11-20', tz: 'Asia/Kolkata' };
    expect(((await report(admin, day).expect(200)).body as SpeedToLeadReport).overall.leads).toBe(0);
    const entryStageId = await testApp.app.get(StagesRepository).entryStageId();
    await testApp.app.get(Database).transaction((tx) =>
      testApp.app.get(LeadsRepository).create({ name: 'Catch Up', source: 'web form', ...freshLead(entryStageId), createdAt: new Date('2026-11-20T06:00:00.000Z') }, tx),
    );
    let leads = 0;
    for (let tries = 0; tries < 100 && leads === 0; tries += 1) {
      leads = ((await report(admin, day).expect(200)).body as SpeedToLeadReport).overall.leads;
      if (leads === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(leads).toBe(1);
  });

  it("follows a lead to its owner of now: reassigned, it counts for its new owner; its owner removed, for no one's", async () => {
    const day = { from: '2026-11-25', to: '2026-11-25', tz: 'Asia/Kolkata' };
    const arrival = Date.parse('2026-11-25T05:00:00.000Z');
    const chitra = await signedInAgent(testApp, admin, 'Chitra Das');
    const entryStageId = await testApp.app.get(StagesRepository).entryStageId();
    const lead = await testApp.app.get(Database).transaction(async (tx) => {
      const created = await testApp.app.get(LeadsRepository).create({ name: 'Moves', source: 'web form', ...freshLead(entryStageId), ownerId: asha.id, createdAt: new Date(arrival) }, tx);
      await testApp.app.get(CallsRepository).upsertMany([outboundCall(created.id, new Date(arrival + 42_000), null)], tx);
      return created;
    });
    let changedAt = new Date().toISOString();
    const byAgent = async () => {
      // A report of this day may be kept from before the change: ask until the change shows or tries run out.
      let body = (await report(admin, day).expect(200)).body as SpeedToLeadReport;
      for (let tries = 0; tries < 100 && body.computedAt < changedAt; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        body = (await report(admin, day).expect(200)).body as SpeedToLeadReport;
      }
      return body.byAgent.map((row) => ({ agent: row.agent?.name ?? null, leads: row.leads, firstAttempt: row.firstAttempt }));
    };
    expect(await byAgent()).toEqual([{ agent: 'Asha Rao', leads: 1, firstAttempt: figures(1, 42, 42) }]);

    await admin.agent.patch(`/api/leads/${lead.id}`).set('X-CSRF-Token', admin.csrf).send({ ownerId: chitra.id }).expect(200);
    changedAt = new Date().toISOString();
    expect(await byAgent()).toEqual([{ agent: 'Chitra Das', leads: 1, firstAttempt: figures(1, 42, 42) }]);
    expect(((await report(chitra, day).expect(200)).body as SpeedToLeadReport).overall).toMatchObject({ leads: 1, firstAttempt: figures(1, 42, 42) });
    expect(((await report(asha, day).expect(200)).body as SpeedToLeadReport).overall.leads).toBe(0);

    await admin.agent.delete(`/api/staff/${chitra.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    changedAt = new Date().toISOString();
    expect(await byAgent()).toEqual([{ agent: null, leads: 1, firstAttempt: figures(1, 42, 42) }]);
  });

  it('is for staff only', async () => {
    await testApp.http.get(REPORT).query(PERIOD).expect(401);
  });
});

/** An outbound call record as the webhook stores it: placed at `placedAt`, connected at `connectedAt` (null: never answered). */
function outboundCall(leadId: string, placedAt: Date, connectedAt: Date | null): Call {
  return {
    id: newRowId(),
    vapiCallId: `vapi-${newRowId()}`,
    leadId,
    type: 'outboundPhoneCall',
    status: 'ended',
    endedReason: connectedAt ? 'customer-ended-call' : 'customer-did-not-answer',
    customerNumber: '+919800000000',
    startedAt: connectedAt,
    endedAt: connectedAt ? new Date(connectedAt.getTime() + 30_000) : placedAt,
    durationSeconds: connectedAt ? 30 : 0,
    cost: null,
    summary: null,
    transcript: null,
    recordingUrl: null,
    structuredData: null,
    structuredOutputs: null,
    successEvaluation: null,
    createdAt: placedAt,
    updatedAt: connectedAt ?? placedAt,
  };
}
