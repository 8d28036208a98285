import { Clock } from '../src/common/clock';
import { Database } from '../src/database/database';
import type { InboundLead } from '../src/leads/intake/inbound-lead';
import { BUILT_IN_SOURCE_IDS } from '../src/leads/intake/built-in-sources';
import { LeadIntakeService } from '../src/leads/intake/lead-intake.service';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** 14:00 in Kolkata on a Wednesday: inside the default calling hours. */
const AFTERNOON = new Date('2026-11-25T08:30:00.000Z');
/** 22:30 in Kolkata: after the calling hours (09:00-21:00) end; the next allowed time is 09:00 the next morning. */
const LATE_EVENING = new Date('2026-11-25T17:00:00.000Z');
const NEXT_MORNING = new Date('2026-11-26T03:30:00.000Z');

const callbackRequest = (fields: Record<string, unknown>, extra: Partial<InboundLead> = {}): InboundLead => ({
  fields,
  source: 'web form',
  sourceId: BUILT_IN_SOURCE_IDS.callbackForm,
  consents: [{ channel: 'web_form', purpose: '', wording: 'I agree to be called about properties.', evidence: { kind: 'web_form', submission: { form: 'callback' } } }],
  ...extra,
});

describe.each(PROVIDERS)('the lead intake, on %s', (provider) => {
  let testApp: TestApp;
  let now: Date;

  const receive = (inbound: InboundLead) => testApp.app.get(Database).transaction((db) => testApp.app.get(LeadIntakeService).receive(inbound, db));
  const client = () => testApp.app.get(Database).client;
  const timeline = async (leadId: string) =>
    (await client().leadActivity.findMany({ where: { leadId }, orderBy: [{ at: 'asc' }, { id: 'asc' }] })).map(({ type, data }) => ({ type, data: JSON.parse(data) }));

  beforeAll(async () => {
    testApp = await startTestApp(provider, { AUTO_CALLBACK: 'true', AUTO_CALLBACK_DELAY_SECONDS: '30', CALLING_HOURS: '09:00-21:00' });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => now);
  });

  beforeEach(() => {
    now = AFTERNOON;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('makes a new lead with its source, consent, arrival time and the agent’s first call after the delay', async () => {
    const arrivedAt = new Date(AFTERNOON.getTime() - 90_000);
    const outcome = await receive(callbackRequest({ name: 'Asha Verma', phone: '98765 43210', interestedIn: 'Skyline Residency' }, { arrivedAt, details: { property: 'Skyline Residency' } }));
    expect(outcome).toEqual({
      leadId: expect.any(String),
      created: true,
      possibleDuplicateOf: null,
      firstCallAt: new Date(AFTERNOON.getTime() + 30_000),
      callNote: null,
      signals: [{ type: 'lead.created', id: outcome.leadId }],
    });
    const lead = await client().lead.findUniqueOrThrow({ where: { id: outcome.leadId } });
    expect(lead).toMatchObject({ name: 'Asha Verma', phone: '+919876543210', source: 'web form', interestedIn: 'Skyline Residency' });
    expect(await client().leadResponseTime.findUnique({ where: { leadId: lead.id } })).toMatchObject({ source: 'web form', arrivedAt, firstAttemptAt: null });
    const consent = await client().leadConsent.findFirstOrThrow({ where: { leadId: lead.id } });
    expect(consent).toMatchObject({ channel: 'web_form', wording: 'I agree to be called about properties.', purpose: expect.stringMatching(/\w/) });
    const cadence = await client().callbackCadence.findFirstOrThrow({ where: { leadId: lead.id }, include: { attempts: true } });
    expect(cadence).toMatchObject({ state: 'open', openLeadId: lead.id, source: 'web form', steps: '+10m,+2h,+1d@11:00,+2d@17:00' });
    expect(cadence.attempts).toEqual([expect.objectContaining({ number: 1, state: 'scheduled', dueAt: new Date(AFTERNOON.getTime() + 30_000), note: null })]);
    const entries = await timeline(lead.id);
    expect(entries.map(({ type }) => type)).toEqual(['created', 'arrived', 'consent_given', 'callback']);
    expect(entries[1].data).toEqual({ source: 'web form', test: false, details: { property: 'Skyline Residency' }, kept: [] });
    expect(entries[3].data).toEqual({ cadenceId: cadence.id, attempt: 1, of: 5, event: 'scheduled', text: 'The agent will call at 25 Nov 2026, 14:00' });
  });

  it('gives a known person’s lead only what it lacked, keeps the rest on the timeline and opens no second cadence', async () => {
    const first = await receive(callbackRequest({ name: 'Ravi Kumar', phone: '+91 91234 56780', location: 'Pune' }));
    const again = await receive(callbackRequest({ name: 'Ravi Kumar', phone: '9123456780', email: 'ravi@example.in', location: 'Mumbai' }, { source: 'facebook ads', sourceId: BUILT_IN_SOURCE_IDS.facebookAds }));
    expect(again).toMatchObject({ leadId: first.leadId, created: false, firstCallAt: first.firstCallAt });
    const lead = await client().lead.findUniqueOrThrow({ where: { id: first.leadId } });
    expect(lead).toMatchObject({ email: 'ravi@example.in', location: 'Pune', source: 'web form', version: 2 });
    const entries = await timeline(first.leadId);
    expect(entries.filter(({ type }) => type === 'arrived').map(({ data }) => data)).toEqual([
      { source: 'web form', test: false, details: {}, kept: [] },
      { source: 'facebook ads', test: false, details: {}, kept: [{ field: 'location', value: 'Mumbai' }] },
    ]);
    expect(entries.filter(({ type }) => type === 'updated').map(({ data }) => data)).toEqual([{ field: 'email', from: null, to: 'ravi@example.in' }]);
    expect(await client().callbackCadence.count({ where: { leadId: first.leadId } })).toBe(1);
    expect(await client().leadConsent.count({ where: { leadId: first.leadId } })).toBe(2);
  });

  it('makes a lead of its own for another name on a known number, flagged as its possible duplicate', async () => {
    const first = await receive(callbackRequest({ name: 'Meena Iyer', phone: '9000000001' }));
    const other = await receive(callbackRequest({ name: 'Suresh Nair', phone: '9000000001' }));
    expect(other).toMatchObject({ created: true, possibleDuplicateOf: first.leadId });
    expect(await client().leadDuplicate.findFirst({ where: { leadId: other.leadId, otherLeadId: first.leadId } })).toMatchObject({ reason: 'same_phone' });
  });

  it('stops the open cadence of a lead found Do Not Call when it asks again, and opens none for another lead on a number being called', async () => {
    const first = await receive(callbackRequest({ name: 'Nisha Shah', phone: '9000000012' }));
    const twin = await receive(callbackRequest({ name: 'Arjun Shah', phone: '9000000012' }));
    expect(twin).toMatchObject({ created: true, possibleDuplicateOf: first.leadId, firstCallAt: first.firstCallAt, callNote: 'The agent is calling this number already, for another lead with it.' });
    expect(await client().callbackCadence.count({ where: { leadId: twin.leadId } })).toBe(0);
    await client().dndNumber.create({ data: { phone: '+919000000012' } });
    const again = await receive(callbackRequest({ name: 'Nisha Shah', phone: '9000000012' }));
    expect(again).toMatchObject({ leadId: first.leadId, firstCallAt: null, callNote: 'This lead is Do Not Call: On the DND scrub list.' });
    expect(await client().callbackCadence.findFirstOrThrow({ where: { leadId: first.leadId } })).toMatchObject({ state: 'stopped', openLeadId: null });
    expect(await client().callAttempt.findFirstOrThrow({ where: { leadId: first.leadId } })).toMatchObject({ state: 'cancelled' });
  });

  it('opens a cadence for a lead staff add only when the staff-created leads’ switch (or AUTO_CALLBACK) says so', async () => {
    const added = await testApp.http.post('/api/leads').send({ name: 'Walk In', phone: '9000000013' }).expect(201);
    expect(await client().callbackCadence.count({ where: { leadId: added.body._id } })).toBe(1);
    await testApp.http.put('/api/settings/staff-leads').send({ autoCall: false }).expect(200);
    const off = await testApp.http.post('/api/leads').send({ name: 'Phone Enquiry', phone: '9000000014' }).expect(201);
    expect(await client().callbackCadence.count({ where: { leadId: off.body._id } })).toBe(0);
    await testApp.http.put('/api/settings/staff-leads').send({ autoCall: null }).expect(200);
  });

  it('does not call a Do Not Call lead again because it asked for a callback: staff decide', async () => {
    const first = await receive(callbackRequest({ name: 'Kiran Rao', phone: '9000000002' }, { consents: undefined }));
    await client().callbackCadence.deleteMany({ where: { leadId: first.leadId } });
    await client().lead.update({ where: { id: first.leadId }, data: { doNotCall: true, doNotCallReason: 'Asked on a call' } });
    const again = await receive(callbackRequest({ name: 'Kiran Rao', phone: '9000000002' }));
    expect(again).toMatchObject({ leadId: first.leadId, firstCallAt: null, callNote: 'This lead is Do Not Call: Asked on a call.' });
    expect(await client().lead.findUniqueOrThrow({ where: { id: first.leadId } })).toMatchObject({ doNotCall: true });
    expect(await client().callbackCadence.count({ where: { leadId: first.leadId } })).toBe(0);
  });

  it('schedules a lead that arrives after calling hours for the next allowed time, and says why', async () => {
    now = LATE_EVENING;
    const outcome = await receive(callbackRequest({ name: 'Late Caller', phone: '9000000003' }));
    expect(outcome.firstCallAt).toEqual(NEXT_MORNING);
    expect(outcome.callNote).toMatch(/^Outside calling hours \(09:00-21:00 Asia\/Kolkata\)/);
    const attempt = await client().callAttempt.findFirstOrThrow({ where: { leadId: outcome.leadId } });
    expect(attempt).toMatchObject({ dueAt: NEXT_MORNING, note: outcome.callNote });
  });

  it('waits for a preferred time later than the delay, and never calls a test lead', async () => {
    const preferredAt = new Date(AFTERNOON.getTime() + 3 * 3600_000);
    const preferred = await receive(callbackRequest({ name: 'Later Please', phone: '9000000004' }, { preferredAt }));
    expect(preferred.firstCallAt).toEqual(preferredAt);
    const test = await receive(callbackRequest({ name: 'Test Lead', phone: '9000000005' }, { test: true }));
    expect(test).toMatchObject({ created: true, firstCallAt: null, callNote: 'A test lead: the agent does not call it.' });
    expect(await client().callbackCadence.count({ where: { leadId: test.leadId } })).toBe(0);
  });

  it('gives a source’s new leads to its default owner, and follows the source’s own switch over AUTO_CALLBACK', async () => {
    const owner = await client().staffUser.create({ data: { email: `owner-${provider}@example.in`, name: 'Default Owner', role: 'agent', passwordHash: 'x' } });
    const source = await client().leadSource.create({ data: { name: '99acres', kind: 'api', defaultOwnerId: owner.id, autoCall: false } });
    const outcome = await receive({ fields: { name: 'Portal Buyer', phone: '9000000006' }, source: '99acres', sourceId: source.id });
    expect(outcome).toMatchObject({ created: true, firstCallAt: null, callNote: 'The agent does not call new leads of 99acres.' });
    expect(await client().lead.findUniqueOrThrow({ where: { id: outcome.leadId } })).toMatchObject({ ownerId: owner.id, source: '99acres' });
    const assigned = (await timeline(outcome.leadId)).find(({ type }) => type === 'assigned');
    expect(assigned?.data).toEqual({ from: null, to: { id: owner.id, name: 'Default Owner' }, by: 'source' });
  });

  it('refuses invalid fields naming them, and writes nothing', async () => {
    const before = await client().lead.count();
    await expect(receive(callbackRequest({ name: '', phone: 'not a number' }))).rejects.toMatchObject({
      response: expect.objectContaining({ errors: expect.arrayContaining([expect.objectContaining({ field: 'phone' })]) }),
    });
    expect(await client().lead.count()).toBe(before);
  });
});
