import { FakeVapiServer } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { binaryBody } from './support/binary-body';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const PRIVATE_KEY = 'private-key-for-recordings';

describe.each(PROVIDERS)('GET /api/calls/:id/recording on %s', (provider) => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  let callId: string;
  let withoutRecording: string;

  beforeAll(async () => {
    await fake.start();
    // The fake's storage is its own host: the one listed, as Vapi's storage hosts are by default.
    testApp = await startTestApp(provider, { VAPI_API_URL: fake.url, VAPI_PRIVATE_KEY: PRIVATE_KEY, VAPI_TIMEOUT_SECONDS: '1', VAPI_RECORDING_HOSTS: '127.0.0.1' });
    const prisma = testApp.app.get(Database).client;
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-recorded', number: '+919860000001' })).expect(200);
    await testApp.http.post('/api/webhooks/vapi').send(statusUpdate('call-unrecorded', 'ringing')).expect(200);
    callId = (await prisma.call.findUniqueOrThrow({ where: { vapiCallId: 'call-recorded' } })).id;
    withoutRecording = (await prisma.call.findUniqueOrThrow({ where: { vapiCallId: 'call-unrecorded' } })).id;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.recordingBehaviour = 'success';
    fake.requests.length = 0;
  });

  const recording = (id: string, range?: string) => {
    const pending = testApp.http.get(`/api/calls/${id}/recording`).buffer(true).parse(binaryBody);
    return range ? pending.set('Range', range) : pending;
  };

  it("streams the whole recording with its content type, asking Vapi with the private key and its storage without it", async () => {
    const response = await recording(callId).expect(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(fake.recording.length);
    expect(Buffer.compare(response.body as Buffer, fake.recording)).toBe(0);
    expect(fake.requests.map(({ path, authorization }) => ({ path, authorization }))).toEqual([
      { path: '/call/call-recorded/mono-recording', authorization: `Bearer ${PRIVATE_KEY}` },
      { path: '/storage/recordings/call-recorded.wav', authorization: undefined },
    ]);
    // Neither the key nor the signed URL reaches the browser.
    expect(JSON.stringify(response.headers)).not.toMatch(/X-Amz-Signature|storage\/recordings|private-key/);
  });

  it('answers a Range with 206 and Content-Range, so the player can seek', async () => {
    const response = await recording(callId, 'bytes=1000-1999').expect(206);
    expect(response.headers['content-range']).toBe(`bytes 1000-1999/${fake.recording.length}`);
    expect(Buffer.compare(response.body as Buffer, fake.recording.subarray(1000, 2000))).toBe(0);
    expect(fake.requests.at(-1)).toMatchObject({ range: 'bytes=1000-1999', authorization: undefined });
    const tail = await recording(callId, 'bytes=-100').expect(206);
    expect(Buffer.compare(tail.body as Buffer, fake.recording.subarray(-100))).toBe(0);
  });

  it('answers 404 for a call without a recording (without asking Vapi), an unknown call, and a recording Vapi does not have', async () => {
    await testApp.http.get(`/api/calls/${withoutRecording}/recording`).expect(404);
    await testApp.http.get('/api/calls/no-such-call/recording').expect(404);
    expect(fake.requests).toEqual([]);
    fake.recordingBehaviour = 'missing';
    const missing = await testApp.http.get(`/api/calls/${callId}/recording`).expect(404);
    expect(missing.body.message).toBe(`Vapi has no recording of call ${callId}.`);
  });

  it('answers 502 when Vapi fails and 504 when it does not answer in time', async () => {
    fake.recordingBehaviour = 'server-error';
    const failed = await testApp.http.get(`/api/calls/${callId}/recording`).expect(502);
    expect(failed.body).toMatchObject({ statusCode: 502, message: 'The voice platform answered 500 for the recording.' });
    fake.recordingBehaviour = 'hang';
    const timedOut = await testApp.http.get(`/api/calls/${callId}/recording`).expect(504);
    expect(timedOut.body.message).toBe('The voice platform did not answer within 1 s.');
    expect(JSON.stringify([failed.body, timedOut.body])).not.toContain(PRIVATE_KEY);
  });

  it('follows the redirect only to a host VAPI_RECORDING_HOSTS lists, and never a second redirect of the storage', async () => {
    fake.recordingBehaviour = 'redirect-elsewhere';
    const elsewhere = await testApp.http.get(`/api/calls/${callId}/recording`).expect(502);
    expect(elsewhere.body).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: `The voice platform sent the recording to ${new URL(fake.url).host.replace('127.0.0.1', 'localhost')}, which VAPI_RECORDING_HOSTS does not list.`,
    });
    // The other host was never asked: only Vapi's API was.
    expect(fake.requests.map(({ path }) => path)).toEqual(['/call/call-recorded/mono-recording']);

    fake.requests.length = 0;
    fake.recordingBehaviour = 'storage-redirects';
    const redirectedAgain = await testApp.http.get(`/api/calls/${callId}/recording`).expect(502);
    expect(redirectedAgain.body.message).toBe('The voice platform answered 302 for the recording.');
    expect(fake.requests.map(({ path }) => path)).toEqual(['/call/call-recorded/mono-recording', '/storage/recordings/call-recorded.wav']);
  });

  it("passes on audio only: an HTML page from the storage is a 502 in JSON, never served from the app's origin", async () => {
    fake.recordingBehaviour = 'not-audio';
    const response = await testApp.http.get(`/api/calls/${callId}/recording`).expect(502);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ statusCode: 502, error: 'Bad Gateway', message: 'The voice platform answered something other than audio for the recording.' });
    expect(response.text).not.toContain('<script');
  });
});

describe('GET /api/calls/:id/recording with the default VAPI_RECORDING_HOSTS', () => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  beforeAll(async () => {
    await fake.start();
    testApp = await startTestApp('sqlite', { VAPI_API_URL: fake.url, VAPI_PRIVATE_KEY: PRIVATE_KEY, VAPI_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });

  it("follows Vapi's storage hosts only: a signed URL on this machine's address is refused, unasked", async () => {
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-default-hosts', number: '+919860000003' })).expect(200);
    const call = await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId: 'call-default-hosts' } });
    const response = await testApp.http.get(`/api/calls/${call.id}/recording`).expect(502);
    expect(response.body.message).toBe(`The voice platform sent the recording to ${new URL(fake.url).host}, which VAPI_RECORDING_HOSTS does not list.`);
    expect(fake.requests.map(({ path }) => path)).toEqual(['/call/call-default-hosts/mono-recording']);
  });
});

describe('GET /api/calls/:id/recording without VAPI_PRIVATE_KEY', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite');
  });
  afterAll(() => testApp.close());

  it('answers 503 naming the variable', async () => {
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-unconfigured', number: '+919860000002' })).expect(200);
    const call = await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId: 'call-unconfigured' } });
    const response = await testApp.http.get(`/api/calls/${call.id}/recording`).expect(503);
    expect(response.body.message).toBe('Recordings are not configured: set VAPI_PRIVATE_KEY.');
  });
});
