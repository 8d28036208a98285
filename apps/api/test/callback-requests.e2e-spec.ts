import { CALLBACK_CONSENT_WORDING, CALLBACK_WHATSAPP_OPT_IN_WORDING, DEFAULT_CONSENT_PURPOSE, type LeadConsent } from '@lead-desk/contracts';
import { Clock } from '../src/common/clock';
import { ApiProcesses } from './support/api-processes';
import { queryRows } from './support/database-rows';
import { STAFF_MODE_ENV } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

// Each request comes from an address of its own (X-Forwarded-For, trusted here) unless a test says otherwise.
const ENV = { TRUST_PROXY: 'true', CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR: '4', CALLBACK_REQUESTS_PER_PHONE_PER_HOUR: '3' };
const PAGE = 'http://leads.example.in/';

let addresses = 0;
/** A new address each time: 10.1.x.y. */
const nextAddress = () => {
  addresses += 1;
  return `10.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

let phones = 0;
/** A new valid Indian mobile number each time, written as people write them. */
const nextPhone = () => {
  phones += 1;
  return `98450 ${String(10_000 + phones).padStart(5, '0')}`;
};
const e164 = (phone: string) => `+91${phone.replace(/\s/g, '')}`;

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kavya Menon',
  phone: nextPhone(),
  consent: true,
  consentWording: CALLBACK_CONSENT_WORDING,
  ...overrides,
});

describe.each(PROVIDERS)('POST /api/callback-requests on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider, ENV);
  });
  afterAll(() => testApp.close());

  const send = (body: unknown, address = nextAddress()) => testApp.http.post('/api/callback-requests').set('X-Forwarded-For', address).set('Referer', `${PAGE}?utm=x`).send(body as object);
  const leadsWithPhone = async (phone: string) => (await testApp.http.get('/api/leads').query({ q: e164(phone) }).expect(200)).body as { _id: string }[];
  const countRows = async (table: string) => Number((await queryRows<{ count: number | bigint }>(testApp.database, `SELECT COUNT(*) AS count FROM ${table}`))[0].count);

  it('makes a lead from the web form with the property as its interest, and records the consent with its exact wording and evidence', async () => {
    const body = request({ name: 'Kavya Menon', email: 'Kavya@Example.IN', propertyId: 6 });
    const answer = await send(body, '10.9.9.9').expect(201);
    expect(answer.body).toEqual({ message: expect.any(String), callAt: null });

    const [lead] = await leadsWithPhone(body.phone);
    const stored = (await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body;
    expect(stored).toMatchObject({ name: 'Kavya Menon', phone: e164(body.phone), email: 'kavya@example.in', source: 'web form', interestedIn: 'Casa Goa Heritage Villa' });

    const consents = (await testApp.http.get(`/api/leads/${lead._id}/consents`).expect(200)).body as LeadConsent[];
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ channel: 'web_form', wording: CALLBACK_CONSENT_WORDING, withdrawnAt: null });
    expect(consents[0].evidence).toMatchObject({
      kind: 'web_form',
      submission: { form: 'Request a callback', page: PAGE, phone: e164(body.phone), property: 'Casa Goa Heritage Villa', consent: true, addressHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    // The address is kept as a hash only.
    expect(JSON.stringify(consents[0].evidence)).not.toContain('10.9.9.9');
  });

  it('records the ticked WhatsApp box as a WhatsApp opt-in with its exact wording and the request as evidence, beside the consent to be called', async () => {
    const body = request({ name: 'Meera Pillai', whatsappOptIn: true, whatsappOptInWording: CALLBACK_WHATSAPP_OPT_IN_WORDING });
    await send(body).expect(201);
    const [lead] = await leadsWithPhone(body.phone);

    const consents = (await testApp.http.get(`/api/leads/${lead._id}/consents`).expect(200)).body as LeadConsent[];
    const byPurpose = new Map(consents.map((consent) => [consent.purpose, consent]));
    expect(consents).toHaveLength(2);
    expect(byPurpose.get(DEFAULT_CONSENT_PURPOSE)).toMatchObject({ channel: 'web_form', wording: CALLBACK_CONSENT_WORDING, withdrawnAt: null });
    const optIn = byPurpose.get('whatsapp')!;
    expect(optIn).toMatchObject({ channel: 'web_form', wording: CALLBACK_WHATSAPP_OPT_IN_WORDING, withdrawnAt: null });
    expect(optIn.evidence).toMatchObject({ kind: 'web_form', submission: { form: 'Request a callback', page: PAGE, phone: e164(body.phone), consent: true, whatsappOptIn: true } });
    // One submission proves both boxes.
    expect(optIn.evidence).toEqual(byPurpose.get(DEFAULT_CONSENT_PURPOSE)!.evidence);

    const timeline = (await testApp.http.get(`/api/leads/${lead._id}/activity`).expect(200)).body as { type: string; data: Record<string, unknown> }[];
    expect(timeline.filter(({ type }) => type === 'consent_given').map(({ data }) => data)).toEqual(
      expect.arrayContaining([
        { consentId: optIn.id, channel: 'web_form', purpose: 'whatsapp' },
        { consentId: byPurpose.get(DEFAULT_CONSENT_PURPOSE)!.id, channel: 'web_form', purpose: DEFAULT_CONSENT_PURPOSE },
      ]),
    );
  });

  it('records no WhatsApp opt-in when the box is left unticked', async () => {
    const body = request({ whatsappOptIn: false });
    await send(body).expect(201);
    const [lead] = await leadsWithPhone(body.phone);
    const consents = (await testApp.http.get(`/api/leads/${lead._id}/consents`).expect(200)).body as LeadConsent[];
    expect(consents.map(({ purpose }) => purpose)).toEqual([DEFAULT_CONSENT_PURPOSE]);
    expect(consents[0].evidence).toMatchObject({ submission: { whatsappOptIn: false } });
  });

  it('updates the one lead of a phone that asks twice, however it is written', async () => {
    const first = request({ name: 'Rohan Iyer' });
    await send(first).expect(201);
    await send({ ...first, phone: e164(first.phone), propertyId: 13 }).expect(201);
    const leads = await leadsWithPhone(first.phone);
    expect(leads).toHaveLength(1);
    expect((await testApp.http.get(`/api/leads/${leads[0]._id}`).expect(200)).body).toMatchObject({ source: 'web form', interestedIn: 'Cyber Hub Office Suite' });
  });

  it.each([
    ['consent not given', { consent: false }, ['consent']],
    ['no consent at all', { consent: undefined }, ['consent']],
    ['a phone that is no number', { phone: '12345' }, ['phone']],
    ['no name, no wording', { name: '  ', consentWording: '' }, ['consentWording', 'name']],
    ['a preferred time in the past', { preferredTime: '2020-01-01T09:00:00.000Z' }, ['preferredTime']],
    ['a preferred time that is no time', { preferredTime: 'tomorrow morning' }, ['preferredTime']],
    ['a property the page does not show', { propertyId: 99 }, ['propertyId']],
    ['a bad email and an unknown field', { email: 'not-an-email', budget: 5 }, ['budget', 'email']],
    ['a WhatsApp opt-in without its wording', { whatsappOptIn: true }, ['whatsappOptInWording']],
    ['a WhatsApp wording without the opt-in', { whatsappOptInWording: CALLBACK_WHATSAPP_OPT_IN_WORDING }, ['whatsappOptInWording']],
    ['a WhatsApp opt-in that is no boolean', { whatsappOptIn: 'yes', whatsappOptInWording: CALLBACK_WHATSAPP_OPT_IN_WORDING }, ['whatsappOptIn']],
  ])('answers 400 naming the field for %s, and stores nothing', async (_, overrides, fields) => {
    const leadsBefore = await countRows('leads');
    const answer = await send(request(overrides)).expect(400);
    expect((answer.body.errors as { field: string }[]).map((error) => error.field).sort()).toEqual(fields);
    expect(await countRows('leads')).toBe(leadsBefore);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const leadsBefore = await countRows('leads');
    const consentsBefore = await countRows('lead_consents');
    const body = request({ website: 'http://spam.example.com' });
    const answer = await send(body).expect(201);
    expect(answer.body).toEqual({ message: expect.any(String), callAt: null });
    expect(await countRows('leads')).toBe(leadsBefore);
    expect(await countRows('lead_consents')).toBe(consentsBefore);
    expect(await leadsWithPhone(body.phone)).toEqual([]);
  });

  it('limits the requests for one phone number from many addresses (429 with Retry-After), and no other number', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i += 1) await send(request({ phone })).expect(201);
    const refused = await send(request({ phone: e164(phone) })).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many callback requests for this phone number: try again in \d+ minutes\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
    await send(request()).expect(201);
  });

  it('limits the requests from one address, bad ones and bots too, before reading them', async () => {
    const address = nextAddress();
    await send(request(), address).expect(201);
    await send(request({ phone: 'nope' }), address).expect(400);
    await send(request({ website: 'bot' }), address).expect(201);
    await send(request(), address).expect(201);
    const refused = await send(request(), address).expect(429);
    expect(refused.body.message).toMatch(/^Too many callback requests from this address: try again in \d+ minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
    // Another address is not held up by it.
    await send(request()).expect(201);
  });

  it('keeps no address or phone number in the limits table', async () => {
    const rows = await queryRows<{ key: string }>(testApp.database, 'SELECT key FROM request_limit_counts');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^callback-(address|phone):[0-9a-f]{64}$/);
  });
});

describe.each(PROVIDERS)('what a callback request is told happens next, on %s', (provider) => {
  let testApp: TestApp;
  // Friday 27 November 2026, 12:00 in India.
  let now = new Date('2026-11-27T06:30:00.000Z');

  beforeAll(async () => {
    testApp = await startTestApp(provider, { TRUST_PROXY: 'true', AUTO_CALLBACK: 'true', AUTO_CALLBACK_DELAY_SECONDS: '30', CALLING_HOURS: '09:00-21:00', APP_TIME_ZONE: 'Asia/Kolkata' });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => now);
  });
  afterAll(() => testApp.close());

  const send = (body: unknown) => testApp.http.post('/api/callback-requests').set('X-Forwarded-For', nextAddress()).send(body as object);

  it('says "in about a minute" when the agent calls within minutes', async () => {
    const answer = await send(request()).expect(201);
    expect(answer.body.message).toBe('Our agent will call you in about a minute');
    expect(new Date(answer.body.callAt).getTime() - now.getTime()).toBeLessThanOrEqual(60_000);
  });

  it('names the next calling hour outside calling hours', async () => {
    // 22:30 in India: calls resume at 09:00 tomorrow.
    now = new Date('2026-11-27T17:00:00.000Z');
    const answer = await send(request()).expect(201);
    expect(answer.body).toEqual({ message: 'Our agent will call you tomorrow at 9:00 am', callAt: '2026-11-28T03:30:00.000Z' });
  });

  it('waits for the preferred time, and says when', async () => {
    now = new Date('2026-11-27T06:30:00.000Z');
    const answer = await send(request({ preferredTime: '2026-11-30T17:30:00+05:30' })).expect(201);
    expect(answer.body).toEqual({ message: 'Our agent will call you on Monday at 5:30 pm', callAt: '2026-11-30T12:00:00.000Z' });
  });

  it('never clears Do Not Call: a member of the team will call instead, the lead stays Do Not Call and shows the request', async () => {
    const body = request();
    const lead = (await testApp.http.post('/api/leads').send({ name: body.name, phone: body.phone }).expect(201)).body as { _id: string };
    await testApp.http.patch(`/api/leads/${lead._id}`).send({ doNotCall: true, doNotCallReason: 'Asked on a call' }).expect(200);
    const answer = await send({ ...body, propertyId: 2 }).expect(201);
    expect(answer.body).toEqual({ message: 'A member of our team will call you', callAt: null });
    expect((await testApp.http.get(`/api/leads/${lead._id}`).expect(200)).body).toMatchObject({ doNotCall: true });
    const timeline = (await testApp.http.get(`/api/leads/${lead._id}/activity`).expect(200)).body as { type: string; data: Record<string, unknown> }[];
    expect(timeline).toContainEqual(
      expect.objectContaining({ type: 'arrived', data: expect.objectContaining({ source: 'web form', details: { form: 'Request a callback', property: 'Prestige Lakeside Habitat 3BHK' } }) }),
    );
  });
});

describe('a callback request when staff must sign in', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp('sqlite', { ...STAFF_MODE_ENV, TRUST_PROXY: 'true' });
  });
  afterAll(() => testApp.close());

  it('is public: no session and no CSRF token, while the leads it makes stay behind the sign-in', async () => {
    const answer = await testApp.http.post('/api/callback-requests').set('X-Forwarded-For', nextAddress()).send(request()).expect(201);
    expect(answer.body.message).toBe('A member of our team will call you');
    await testApp.http.get('/api/leads').expect(401);
  });
});

describe('the per-phone limit across two API processes on one PostgreSQL', () => {
  const processes = new ApiProcesses();
  const { apis } = processes;

  beforeAll(() => processes.start(2, { ...ENV, CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR: '100', LOG_LEVEL: 'warn' }), 120_000);
  afterAll(() => processes.stop());

  it('admits three of eight requests for one number sent at once from eight addresses through both processes', async () => {
    const phone = nextPhone();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await fetch(`${apis[i % 2].url}/api/callback-requests`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
          body: JSON.stringify(request({ phone })),
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // Both processes answered 429s: each saw the other's counts.
    const refusedBy = new Set(statuses.flatMap((status, i) => (status === 429 ? [i % 2] : [])));
    expect(refusedBy.size).toBe(2);
  });
});
