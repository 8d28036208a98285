import { FakeVapiServer } from '@lead-desk/test-support';
import { Clock } from '../src/common/clock';
import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

const VAPI_ENV = {
  VAPI_PRIVATE_KEY: 'private-key',
  VAPI_ASSISTANT_ID: 'assistant-1',
  VAPI_PHONE_NUMBER_ID: 'phone-number-1',
  VAPI_TIMEOUT_SECONDS: '1',
};
/** A Tuesday, 11:00 in Kolkata (05:30 UTC): within the default calling hours. */
const WORKING_HOUR = new Date('2026-11-24T05:30:00.000Z');

describe.each(PROVIDERS)('calling rules: consent, Do Not Call, calling hours on %s', (provider) => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  // Set before the sign-ins of beforeAll too: signing in reads the clock (the account's attempts).
  let now = WORKING_HOUR;

  const as = (session: StaffSession) => ({
    get: (url: string) => session.agent.get(url),
    post: (url: string, body: object = {}) => session.agent.post(url).set('X-CSRF-Token', session.csrf).send(body),
    patch: (url: string, body: object) => session.agent.patch(url).set('X-CSRF-Token', session.csrf).send(body),
  });
  const newLead = async (name: string, phone: string) => (await as(admin).post('/api/leads', { name, phone }).expect(201)).body._id as string;
  const callsPlaced = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/call').length;
  const timeline = async (leadId: string, prefix: string) =>
    ((await as(admin).get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; actor: { name: string } | null; data: object }[]).filter(({ type }) =>
      type.startsWith(prefix),
    );

  beforeAll(async () => {
    await fake.start();
    // The test app places calls at any hour unless told: these tests are about the hours.
    testApp = await startTestApp(provider, {
      ...STAFF_MODE_ENV,
      ...VAPI_ENV,
      VAPI_API_URL: fake.url,
      CALLING_HOURS: '09:00-21:00',
      CALLING_HOLIDAYS: '2026-01-26,2026-08-15',
      APP_TIME_ZONE: 'Asia/Kolkata',
    });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => now);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });
  beforeEach(() => {
    now = WORKING_HOUR;
    fake.behaviour = 'success';
    fake.requests.length = 0;
  });

  it('places a call within the hours on a working day, and says so beforehand', async () => {
    const leadId = await newLead('Allowed Anand', '98765 10001');
    expect((await as(ravi).get(`/api/leads/${leadId}/call-eligibility`).expect(200)).body).toEqual({ allowed: true, code: null, reason: null, nextAllowedAt: null });
    await as(ravi).post('/api/calls', { leadId }).expect(201);
    expect(callsPlaced()).toBe(1);
  });

  describe('the refusal matrix: 409 naming the reason, nothing sent to Vapi, the refusal kept for admins', () => {
    it.each([
      {
        case: 'Do Not Call set by staff',
        prepare: async (leadId: string) => {
          await as(ravi).patch(`/api/leads/${leadId}`, { doNotCall: true, doNotCallReason: 'Asked us by email' }).expect(200);
        },
        code: 'do_not_call',
        message: 'This lead is Do Not Call: Asked us by email.',
        nextAllowedAt: null,
      },
      {
        case: 'a number on the DND scrub list',
        prepare: async (_leadId: string, phone: string) => {
          await testApp.app.get(Database).client.dndNumber.create({ data: { phone } });
        },
        code: 'dnd_list',
        message: 'This lead is Do Not Call: On the DND scrub list.',
        nextAllowedAt: null,
      },
      {
        case: 'outside calling hours',
        prepare: async () => {
          now = new Date('2026-11-24T16:00:00.000Z'); // 21:30 in Kolkata
        },
        code: 'outside_hours',
        message: 'Outside calling hours (09:00-21:00 Asia/Kolkata). Next allowed time: 2026-11-25T03:30:00.000Z (25 Nov 2026, 09:00 Asia/Kolkata).',
        nextAllowedAt: '2026-11-25T03:30:00.000Z',
      },
      {
        case: 'a holiday',
        prepare: async () => {
          now = new Date('2026-01-26T06:00:00.000Z'); // Republic Day, 11:30 in Kolkata
        },
        code: 'holiday',
        message: 'Today (2026-01-26) is a holiday: no calls. Next allowed time: 2026-01-27T03:30:00.000Z (27 Jan 2026, 09:00 Asia/Kolkata).',
        nextAllowedAt: '2026-01-27T03:30:00.000Z',
      },
    ])('$case', async ({ case: name, prepare, code, message, nextAllowedAt }) => {
      const phone = `+9198765${String(20000 + name.length).padStart(5, '0')}`;
      const leadId = await newLead(`Refused ${name}`, phone);
      await prepare(leadId, phone);

      expect((await as(ravi).get(`/api/leads/${leadId}/call-eligibility`).expect(200)).body).toEqual({ allowed: false, code, reason: message, nextAllowedAt });
      const refused = await as(ravi).post('/api/calls', { leadId }).expect(409);
      expect(refused.body).toEqual({ statusCode: 409, error: 'Conflict', message });
      // The number typed in rather than the lead: the lead's rules still hold.
      await as(ravi).post('/api/calls', { phone, name: 'Typed In' }).expect(409);
      expect(callsPlaced()).toBe(0);

      const refusals = ((await as(admin).get('/api/calls/refusals?limit=200').expect(200)).body.refusals as { leadId: string }[]).filter(
        (refusal) => refusal.leadId === leadId,
      );
      expect(refusals).toEqual([
        { id: expect.any(String), leadId, leadName: `Refused ${name}`, actor: { id: ravi.id, name: 'Ravi Kumar' }, code, reason: message, at: now.toISOString() },
        expect.objectContaining({ leadId, code }),
      ]);
    });

    it('no consent while REQUIRE_CONSENT is on; a recorded consent allows the call; withdrawing it mid-way refuses the next', async () => {
      const strict = await startTestApp(provider, { ...VAPI_ENV, VAPI_API_URL: fake.url, REQUIRE_CONSENT: 'true' });
      try {
        const leadId = (await strict.http.post('/api/leads').send({ name: 'Consenting Kavya', phone: '98765 30001' }).expect(201)).body._id;
        const noConsent = 'No consent to call is recorded for this lead (REQUIRE_CONSENT is on).';
        expect((await strict.http.post('/api/calls').send({ leadId }).expect(409)).body.message).toBe(noConsent);
        expect(callsPlaced()).toBe(0);

        const consent = (
          await strict.http.post(`/api/leads/${leadId}/consents`).send({ wording: 'Yes, you can call me about flats in Pune.', note: 'Said so on the phone' }).expect(201)
        ).body;
        expect(consent).toEqual({
          id: expect.any(String),
          leadId,
          channel: 'staff',
          purpose: 'Calls about properties that match their enquiry',
          wording: 'Yes, you can call me about flats in Pune.',
          givenAt: expect.any(String),
          evidence: { kind: 'staff', staffId: null, note: 'Said so on the phone' },
          withdrawnAt: null,
          withdrawnVia: null,
          withdrawnEvidence: null,
        });
        expect((await strict.http.get(`/api/leads/${leadId}/call-eligibility`).expect(200)).body.allowed).toBe(true);
        await strict.http.post('/api/calls').send({ leadId }).expect(201);
        expect(callsPlaced()).toBe(1);

        const withdrawn = (await strict.http.post(`/api/leads/${leadId}/consents/${consent.id}/withdraw`).send({ via: 'voice_call', note: 'Said stop on the call' }).expect(200)).body;
        expect(withdrawn).toMatchObject({ id: consent.id, withdrawnAt: expect.any(String), withdrawnVia: 'voice_call', evidence: consent.evidence });
        expect((await strict.http.post('/api/calls').send({ leadId }).expect(409)).body.message).toBe(noConsent);
        expect(callsPlaced()).toBe(1);
        // Withdrawal keeps the record; withdrawing twice is a conflict, not a second entry.
        expect((await strict.http.get(`/api/leads/${leadId}/consents`).expect(200)).body).toEqual([withdrawn]);
        await strict.http.post(`/api/leads/${leadId}/consents/${consent.id}/withdraw`).send({}).expect(409);
        const entries = ((await strict.http.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; data: object }[]).filter(({ type }) =>
          type.startsWith('consent_'),
        );
        expect(entries.map(({ type, data }) => ({ type, data }))).toEqual([
          { type: 'consent_withdrawn', data: { consentId: consent.id, via: 'voice_call' } },
          { type: 'consent_given', data: { consentId: consent.id, channel: 'staff', purpose: 'Calls about properties that match their enquiry' } },
        ]);
      } finally {
        await strict.close();
      }
    });
  });

  it('refuses a number typed in that belongs to another agent\'s Do Not Call lead, without that lead\'s reason', async () => {
    const meera = await signedInAgent(testApp, admin, 'Meera Shah');
    const leadId = await newLead('Meera\'s Mohan', '98765 40001');
    await as(admin).patch(`/api/leads/${leadId}`, { ownerId: meera.id, doNotCall: true, doNotCallReason: 'His wife asked, weeping' }).expect(200);
    await as(ravi).get(`/api/leads/${leadId}`).expect(404);

    const refused = await as(ravi).post('/api/calls', { phone: '+919876540001', name: 'Typed In' }).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'This lead is Do Not Call: set on a lead you cannot see.' });
    expect(callsPlaced()).toBe(0);
    // Its owner is told the reason staff wrote.
    expect((await as(meera).post('/api/calls', { leadId }).expect(409)).body.message).toBe('This lead is Do Not Call: His wife asked, weeping.');
  });

  it('PATCH sets and clears Do Not Call with its reason, in the lead JSON and the timeline', async () => {
    const leadId = await newLead('Toggled Tara', '98765 40002');
    const marked = (await as(ravi).patch(`/api/leads/${leadId}`, { doNotCall: true, doNotCallReason: '  Asked on a call  ' }).expect(200)).body;
    expect(marked).toMatchObject({ doNotCall: true, doNotCallReason: 'Asked on a call', version: 2 });
    expect((await as(ravi).get(`/api/leads/${leadId}`).expect(200)).body).toMatchObject({ doNotCall: true, doNotCallReason: 'Asked on a call' });
    // The same again changes nothing.
    expect((await as(ravi).patch(`/api/leads/${leadId}`, { doNotCall: true }).expect(200)).body.version).toBe(2);
    const cleared = (await as(admin).patch(`/api/leads/${leadId}`, { doNotCall: false }).expect(200)).body;
    expect(cleared).toMatchObject({ doNotCall: false, doNotCallReason: null, version: 3 });
    expect((await timeline(leadId, 'do_not_call')).map(({ actor, data }) => ({ actor: actor?.name, data }))).toEqual([
      { actor: 'Administrator', data: { doNotCall: false, reason: null } },
      { actor: 'Ravi Kumar', data: { doNotCall: true, reason: 'Asked on a call' } },
    ]);
  });

  it('answers 400 naming the field, writing nothing', async () => {
    const leadId = await newLead('Careful Chitra', '98765 50001');
    const expectField = async (response: Promise<{ body: { errors: { field: string }[] } }>, field: string) =>
      expect((await response).body.errors.map((error) => error.field)).toEqual([field]);
    await expectField(as(ravi).patch(`/api/leads/${leadId}`, { doNotCall: true }).expect(400), 'doNotCallReason');
    await expectField(as(ravi).patch(`/api/leads/${leadId}`, { doNotCallReason: 'why' }).expect(400), 'doNotCallReason');
    await expectField(as(ravi).patch(`/api/leads/${leadId}`, { doNotCall: 'yes', doNotCallReason: 'x' }).expect(400), 'doNotCall');
    await expectField(as(ravi).post(`/api/leads/${leadId}/consents`, { wording: '' }).expect(400), 'wording');
    await expectField(as(ravi).post(`/api/leads/${leadId}/consents`, { wording: 'yes', givenAt: 'yesterday' }).expect(400), 'givenAt');
    const consent = (await as(ravi).post(`/api/leads/${leadId}/consents`, { wording: 'yes' }).expect(201)).body;
    await expectField(as(ravi).post(`/api/leads/${leadId}/consents/${consent.id}/withdraw`, { via: 'carrier pigeon' }).expect(400), 'via');
    expect((await as(ravi).get(`/api/leads/${leadId}`).expect(200)).body).toMatchObject({ doNotCall: false, version: 1 });
    expect((await as(ravi).get(`/api/leads/${leadId}/consents`).expect(200)).body).toEqual([expect.objectContaining({ withdrawnAt: null })]);
  });

  describe('the DND scrub list', () => {
    const upload = (session: StaffSession, csv: string, mode?: string) =>
      session.agent
        .put(`/api/dnd-list${mode ? `?mode=${mode}` : ''}`)
        .set('X-CSRF-Token', session.csrf)
        .set('Content-Type', 'text/csv')
        .send(csv);

    it('replaces or merges the numbers, read with the phone rule, and holds leads written before it', async () => {
      const leadId = await newLead('Scrubbed Sunil', '+91 98765 60001');
      const replaced = (await upload(admin, 'msisdn\n98765 60001\n"+91 98765-60002"\n919876560003\n\n98765 60001\n').expect(200)).body;
      expect(replaced).toEqual({ count: 3, added: 3, removed: expect.any(Number), uploadedAt: now.toISOString(), uploadedBy: { id: admin.id, name: 'Administrator' }, mode: 'replace' });
      expect((await as(ravi).get(`/api/leads/${leadId}/call-eligibility`).expect(200)).body.code).toBe('dnd_list');

      const merged = (await upload(admin, '9876560004\n9876560002\n', 'merge').expect(200)).body;
      expect(merged).toMatchObject({ count: 4, added: 1, removed: 0, mode: 'merge' });
      const again = (await upload(admin, '9876560004\n', 'replace').expect(200)).body;
      expect(again).toMatchObject({ count: 1, added: 0, removed: 3 });
      expect((await as(admin).get('/api/dnd-list').expect(200)).body).toEqual({ count: 1, uploadedAt: now.toISOString(), uploadedBy: { id: admin.id, name: 'Administrator' }, mode: 'replace' });
      // Off the list now: the lead may be called again.
      expect((await as(ravi).get(`/api/leads/${leadId}/call-eligibility`).expect(200)).body.allowed).toBe(true);
    });

    it('refuses a file with a line that is not a number, naming the line, and changes nothing', async () => {
      const before = (await as(admin).get('/api/dnd-list').expect(200)).body;
      const refused = (await upload(admin, 'phone\n98765 60005\nnot a number\n').expect(400)).body;
      expect(refused.errors).toEqual([{ field: 'line 3', message: 'not a number is not a valid phone number' }]);
      await upload(admin, '').expect(400);
      expect((await as(admin).get('/api/dnd-list').expect(200)).body).toEqual(before);
      expect((await upload(admin, '98765 60005', 'sometimes').expect(400)).body.errors.map((error: { field: string }) => error.field)).toEqual(['mode']);
    });

    it('is for admins only', async () => {
      await upload(ravi, '98765 60006').expect(403);
      await as(ravi).get('/api/dnd-list').expect(403);
    });
  });

  it('an import’s Consent and Do Not Call columns record a consent (the file and line as evidence) and set Do Not Call', async () => {
    const csv = ['Name,Mobile No,Consent,Do Not Call', 'Imported Isha,98765 70001,yes,', 'Imported Omar,98765 70002,,yes', 'Imported Bad,98765 70003,perhaps,'].join('\n');
    const summary = (
      await admin.agent.post('/api/leads/import').set('X-CSRF-Token', admin.csrf).attach('file', Buffer.from(csv), { filename: 'expo-leads.csv', contentType: 'text/csv' }).expect(200)
    ).body;
    expect(summary).toMatchObject({ created: 2, skipped: 1, errors: [{ line: 4, field: 'Consent', message: 'must be true or false' }] });
    const isha = (await as(admin).get('/api/leads?q=Imported%20Isha').expect(200)).body[0];
    const omar = (await as(admin).get('/api/leads?q=Imported%20Omar').expect(200)).body[0];
    expect((await as(admin).get(`/api/leads/${isha._id}/consents`).expect(200)).body).toEqual([
      expect.objectContaining({ channel: 'import', evidence: { kind: 'import', file: 'expo-leads.csv', row: 2 }, withdrawnAt: null }),
    ]);
    expect(omar).toMatchObject({ doNotCall: true, doNotCallReason: 'Marked in an import' });
    expect((await timeline(omar._id, 'do_not_call')).map(({ actor, data }) => ({ actor: actor?.name, data }))).toEqual([
      { actor: 'Administrator', data: { doNotCall: true, reason: 'Marked in an import' } },
    ]);
    // The same file again: the consent stands already, Do Not Call already holds; nothing is added.
    await admin.agent.post('/api/leads/import').set('X-CSRF-Token', admin.csrf).attach('file', Buffer.from(csv), { filename: 'expo-leads.csv', contentType: 'text/csv' }).expect(200);
    expect((await as(admin).get(`/api/leads/${isha._id}/consents`).expect(200)).body).toHaveLength(1);
    expect(await timeline(omar._id, 'do_not_call')).toHaveLength(1);
  });

  it('keeps the refusals for admins only', async () => {
    await as(ravi).get('/api/calls/refusals').expect(403);
  });
});
