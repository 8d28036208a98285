import { Database } from '../src/database/database';
import { FakeVapiServer } from '@lead-desk/test-support';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** Retries `check` until it passes or 5 s have gone by (for what the other side of a socket sees a moment later). */
async function eventually(check: () => void): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const VAPI_ENV = {
  VAPI_PRIVATE_KEY: 'private-key-never-leaves-the-server',
  VAPI_PUBLIC_KEY: 'public-key-for-browsers',
  VAPI_ASSISTANT_ID: 'assistant-1',
  VAPI_PHONE_NUMBER_ID: 'phone-number-1',
  VAPI_TIMEOUT_SECONDS: '1',
};

describe.each(PROVIDERS)('outbound calls on %s', (provider) => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  let leadId: string;

  beforeAll(async () => {
    await fake.start();
    testApp = await startTestApp(provider, { ...VAPI_ENV, VAPI_API_URL: fake.url, VAPI_WEB_API_URL: 'http://127.0.0.1:9/web' });
    leadId = (await testApp.http.post('/api/leads').send({ name: 'Call Me Maybe', phone: '98765 12345' }).expect(201)).body._id;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.behaviour = 'success';
    fake.requests.length = 0;
  });

  const callCount = (where: { vapiCallId?: string } = {}) => testApp.app.get(Database).client.call.count({ where });
  const postWebhook = (body: object) => testApp.http.post('/api/webhooks/vapi').send(body);

  it('asks the voice platform to call the lead and records the call', async () => {
    const response = await testApp.http.post('/api/calls').send({ leadId }).expect(201);
    expect(response.body).toEqual({ id: expect.any(String), vapiCallId: expect.stringMatching(/^vapi-call-/), status: 'queued', number: '+919876512345' });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/call',
        search: '',
        range: undefined,
        authorization: 'Bearer private-key-never-leaves-the-server',
        body: {
          assistantId: 'assistant-1',
          phoneNumberId: 'phone-number-1',
          customer: { number: '+919876512345', name: 'Call Me Maybe' },
          assistantOverrides: { metadata: { leadId } },
        },
        callId: response.body.vapiCallId,
        receivedAt: expect.any(Number),
      },
    ]);
    const call = await testApp.http.get(`/api/calls/${response.body.id}`).expect(200);
    expect(call.body).toMatchObject({ leadId, type: 'outboundPhoneCall', status: 'queued', customerNumber: '+919876512345' });
  });

  it("follows the call through the platform's status updates and its report, on the same lead and record", async () => {
    const placed = (await testApp.http.post('/api/calls').send({ leadId }).expect(201)).body;
    const metadata = { leadId };
    await postWebhook(statusUpdate(placed.vapiCallId, 'ringing', { assistantOverrides: { metadata } })).expect(200);
    await postWebhook(statusUpdate(placed.vapiCallId, 'in-progress', { assistantOverrides: { metadata } })).expect(200);
    expect((await testApp.http.get(`/api/calls/${placed.id}`)).body.status).toBe('in-progress');
    const report = endOfCallReport({
      callId: placed.vapiCallId,
      type: 'outboundPhoneCall',
      number: '+919876512345',
      metadata,
      structuredData: { location: 'Nashik', budget: '60 Lakh' },
    });
    await postWebhook(report).expect(200);
    const lead = (await testApp.http.get(`/api/leads/${leadId}`).expect(200)).body;
    expect(lead).toMatchObject({ name: 'Call Me Maybe', location: 'Nashik', budget: '60 Lakh', source: 'web form' });
    expect(lead.calls.filter((call: { id: string }) => call.id === placed.id)).toEqual([
      expect.objectContaining({ vapiCallId: placed.vapiCallId, status: 'ended', type: 'outboundPhoneCall', summary: expect.any(String) }),
    ]);
    expect(await callCount({ vapiCallId: placed.vapiCallId })).toBe(1);
  });

  it("keeps one record when the platform's status update overtakes its answer to the call", async () => {
    fake.behaviour = 'held';
    const arrived = fake.nextRequest();
    const pending = testApp.http.post('/api/calls').send({ leadId }).then((response) => response);
    const { callId } = await arrived;
    await postWebhook(statusUpdate(callId!, 'ringing', { assistantOverrides: { metadata: { leadId } } })).expect(200);
    fake.release();
    const response = await pending;
    expect(response.status).toBe(201);
    // The answer said "queued", but the call has moved on since.
    expect(response.body).toMatchObject({ vapiCallId: callId, status: 'ringing' });
    expect(await callCount({ vapiCallId: callId })).toBe(1);
    expect((await testApp.http.get(`/api/calls/${response.body.id}`)).body).toMatchObject({ leadId, status: 'ringing', customerNumber: '+919876512345' });
  });

  it('calls a number given directly, normalised to E.164', async () => {
    const response = await testApp.http.post('/api/calls').send({ phone: '022 2345 6789', name: 'Office' }).expect(201);
    expect(response.body.number).toBe('+912223456789');
    expect(fake.requests[0].body).toMatchObject({ customer: { number: '+912223456789', name: 'Office' } });
    expect((fake.requests[0].body as { assistantOverrides?: unknown }).assistantOverrides).toBeUndefined();
  });

  it('answers 400 "No phone number found." for a lead without a phone, without calling anyone', async () => {
    const noPhone = (await testApp.http.post('/api/leads').send({ name: 'No Phone' }).expect(201)).body._id;
    const response = await testApp.http.post('/api/calls').send({ leadId: noPhone }).expect(400);
    expect(response.body.message).toBe('No phone number found.');
    expect(fake.requests).toEqual([]);
  });

  it.each([
    [{ phone: '12345' }, 'phone'],
    [{}, 'leadId'],
    [{ leadId: 'x', phone: '+919876512345' }, 'leadId'],
    [{ leadId: 'x', extra: true }, 'extra'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await testApp.http.post('/api/calls').send(body).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(fake.requests).toEqual([]);
  });

  it('answers 404 for an unknown lead and an unknown call', async () => {
    await testApp.http.post('/api/calls').send({ leadId: 'no-such-lead' }).expect(404);
    await testApp.http.get('/api/calls/no-such-call').expect(404);
  });

  it.each([
    ['client-error', 502, /customer.number must be a valid phone number/],
    ['server-error', 502, /Internal server error/],
    ['html-error', 502, /The voice platform refused the call/],
    ['malformed', 502, /answered without a call id/],
    ['hang', 504, /did not answer within 1 s/],
    ['slow', 504, /did not answer within 1 s/],
  ] as const)('turns a platform %s into a %d with its message and no call record', async (behaviour, status, message) => {
    fake.behaviour = behaviour;
    fake.delayMs = 2_500;
    const before = await callCount();
    const response = await testApp.http.post('/api/calls').send({ leadId }).expect(status);
    expect(response.body).toMatchObject({ statusCode: status, message: expect.stringMatching(message) });
    expect(JSON.stringify(response.body)).not.toContain('private-key');
    expect(fake.requests).toHaveLength(1);
    expect(await callCount()).toBe(before);
  });

  it.each(['hang', 'slow'] as const)('gives up on a platform that does not answer (%s): it closes the request, and a late answer records nothing', async (behaviour) => {
    fake.behaviour = behaviour;
    fake.delayMs = 1_500;
    const abandonedBefore = fake.abandoned;
    const before = await callCount();
    await testApp.http.post('/api/calls').send({ leadId }).expect(504);
    await eventually(() => expect(fake.abandoned).toBe(abandonedBefore + 1));
    // Past the platform's would-be answer: still no record, and the API answers as before.
    await eventually(() => expect(fake.hanging).toBe(0));
    expect(await callCount()).toBe(before);
    fake.behaviour = 'success';
    await testApp.http.post('/api/calls').send({ leadId }).expect(201);
  });

  it('waits for a platform that is slow but answers within the timeout', async () => {
    fake.behaviour = 'slow';
    fake.delayMs = 300;
    const response = await testApp.http.post('/api/calls').send({ leadId }).expect(201);
    expect(await callCount({ vapiCallId: response.body.vapiCallId })).toBe(1);
  });

  it('never passes on the private key, even when the platform quotes it back', async () => {
    fake.behaviour = 'echo-credential';
    const response = await testApp.http.post('/api/calls').send({ leadId }).expect(502);
    expect(fake.requests[0].authorization).toBe('Bearer private-key-never-leaves-the-server');
    expect(response.body.message).toMatch(/^The voice platform refused the call: Invalid Key/);
    expect(JSON.stringify(response.body)).not.toContain('private-key-never-leaves-the-server');
  });

  it('gives the browser its public settings and never the private key', async () => {
    const response = await testApp.http.get('/api/voice/config').expect(200);
    expect(response.body).toEqual({ publicKey: 'public-key-for-browsers', assistantId: 'assistant-1', apiBaseUrl: 'http://127.0.0.1:9/web' });
  });
});

describe('outbound calls without configuration', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite');
  });
  afterAll(() => testApp.close());

  it('answers 503 naming every missing variable', async () => {
    const leadId = (await testApp.http.post('/api/leads').send({ name: 'Unconfigured', phone: '+919876512345' }).expect(201)).body._id;
    const response = await testApp.http.post('/api/calls').send({ leadId }).expect(503);
    expect(response.body.message).toBe('Outbound calls are not configured: set VAPI_PRIVATE_KEY, VAPI_ASSISTANT_ID, VAPI_PHONE_NUMBER_ID.');
    await testApp.http.get('/api/voice/config').expect(200, { publicKey: null, assistantId: null, apiBaseUrl: null });
  });
});
