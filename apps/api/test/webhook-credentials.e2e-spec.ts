import { vapiHmacHeaders, type SignedDelivery, type VapiHmacPlan } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { statusUpdate } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'the-server-url-secret';
const HMAC_SECRET = 'the-hmac-credential-secret';

/** Every credential type Vapi can attach, accepted when right and 401 when wrong, with nothing stored then. */
describe.each(PROVIDERS)('webhook credentials on %s', (provider) => {
  let n = 0;
  /** A status update of a call no other delivery mentions, as the exact bytes sent. */
  const delivery = () => {
    n += 1;
    const callId = `credential-call-${n}`;
    return { callId, body: JSON.stringify(statusUpdate(callId, 'queued')) };
  };

  async function deliver(testApp: TestApp, headers: Record<string, string>, body = delivery()) {
    const response = await testApp.http.post('/api/webhooks/vapi').set({ 'Content-Type': 'application/json', ...headers }).send(body.body);
    const stored = await testApp.app.get(Database).client.webhookEvent.count({ where: { vapiCallId: body.callId } });
    return { status: response.status, stored, message: response.body.message as string | undefined };
  }
  const accepted = { status: 200, stored: 1 };
  const refused = { status: 401, stored: 0, message: 'Missing or wrong webhook secret.' };

  describe('the secret, the bearer token and an HMAC credential configured together', () => {
    const plan: VapiHmacPlan = { secretKey: HMAC_SECRET };
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp(provider, { VAPI_WEBHOOK_SECRET: SECRET, VAPI_WEBHOOK_HMAC_SECRET: HMAC_SECRET });
    });
    afterAll(() => testApp.close());

    const signed = (signing: SignedDelivery = {}, signingPlan = plan) => {
      const body = delivery();
      return { body, headers: vapiHmacHeaders(body.body, signingPlan, signing) };
    };

    it.each([
      ['X-Vapi-Secret', { 'X-Vapi-Secret': SECRET }],
      ['Authorization: Bearer', { Authorization: `Bearer ${SECRET}` }],
      ['Authorization without the Bearer prefix', { Authorization: SECRET }],
    ])('accepts the secret in %s', async (_, headers) => {
      expect(await deliver(testApp, headers)).toMatchObject(accepted);
    });

    it.each([
      ['no credential', {}],
      ['a wrong X-Vapi-Secret', { 'X-Vapi-Secret': 'wrong' }],
      ['a wrong bearer token', { Authorization: 'Bearer wrong' }],
      ['the HMAC secret as a bearer token', { Authorization: `Bearer ${HMAC_SECRET}` }],
    ])('answers 401 to %s and stores nothing', async (_, headers) => {
      expect(await deliver(testApp, headers)).toEqual(refused);
    });

    it('accepts a delivery signed as Vapi signs it (default plan: sha256, hex, {timestamp}.{body}), with seconds or milliseconds', async () => {
      const { body, headers } = signed();
      expect(await deliver(testApp, headers, body)).toMatchObject(accepted);
      const inMillis = signed({ timestamp: Date.now() });
      expect(await deliver(testApp, inMillis.headers, inMillis.body)).toMatchObject(accepted);
    });

    it('refuses a signature of other bytes: a body changed in transit, or re-serialised', async () => {
      const { body, headers } = signed();
      expect(await deliver(testApp, headers, { ...body, body: body.body.replace('queued', 'ringing') })).toEqual(refused);
      const spaced = signed();
      expect(await deliver(testApp, spaced.headers, { ...spaced.body, body: JSON.stringify(JSON.parse(spaced.body.body), null, 2) })).toEqual(refused);
    });

    it('refuses a wrong secret, a missing signature and a missing timestamp', async () => {
      const wrongSecret = signed({}, { secretKey: 'not-the-secret' });
      expect(await deliver(testApp, wrongSecret.headers, wrongSecret.body)).toEqual(refused);
      const { body, headers } = signed();
      expect(await deliver(testApp, { 'x-timestamp': headers['x-timestamp'] }, body)).toEqual(refused);
      expect(await deliver(testApp, { 'x-signature': headers['x-signature'] }, body)).toEqual(refused);
    });

    it('refuses a signed delivery replayed after the window, or dated beyond it in the future', async () => {
      // The window is 300 s; each timestamp is a minute clear of its edge, so a slow machine
      // (seconds between signing and the guard's check) cannot move it across.
      const now = () => Math.floor(Date.now() / 1000);
      const replayed = signed({ timestamp: now() - 360 });
      expect(await deliver(testApp, replayed.headers, replayed.body)).toEqual(refused);
      const future = signed({ timestamp: now() + 360 });
      expect(await deliver(testApp, future.headers, future.body)).toEqual(refused);
      const withinWindow = signed({ timestamp: now() - 240 });
      expect(await deliver(testApp, withinWindow.headers, withinWindow.body)).toMatchObject(accepted);
    });

    it('lets a delivery in with any one valid credential beside wrong ones', async () => {
      const { body, headers } = signed();
      expect(await deliver(testApp, { ...headers, 'X-Vapi-Secret': 'wrong', Authorization: 'Bearer wrong' }, body)).toMatchObject(accepted);
    });
  });

  describe('a bearer token in a header of its own, and an HMAC plan with every option changed', () => {
    const secretKey = Buffer.from('a binary secret \u0001\u0002').toString('base64');
    const plan: VapiHmacPlan = {
      secretKey,
      secretIsBase64: true,
      algorithm: 'sha512',
      signatureEncoding: 'base64',
      signaturePrefix: 'v1=',
      signatureHeader: 'webhook-signature',
      timestampHeader: 'webhook-timestamp',
      messageIdHeader: 'webhook-id',
      payloadFormat: '{svix-id}.{timestamp}.{method}.{url}.{body}',
    };
    let testApp: TestApp;
    let url: string;
    beforeAll(async () => {
      testApp = await startTestApp(provider, {
        VAPI_WEBHOOK_SECRET: SECRET,
        VAPI_WEBHOOK_AUTH_HEADER: 'X-Lead-Desk-Token',
        VAPI_WEBHOOK_HMAC_SECRET: secretKey,
        VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64: 'true',
        VAPI_WEBHOOK_HMAC_ALGORITHM: 'sha512',
        VAPI_WEBHOOK_HMAC_ENCODING: 'base64',
        VAPI_WEBHOOK_HMAC_SIGNATURE_PREFIX: 'v1=',
        VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER: 'webhook-signature',
        VAPI_WEBHOOK_HMAC_TIMESTAMP_HEADER: 'webhook-timestamp',
        VAPI_WEBHOOK_HMAC_MESSAGE_ID_HEADER: 'webhook-id',
        VAPI_WEBHOOK_HMAC_PAYLOAD_FORMAT: '{svix-id}.{timestamp}.{method}.{url}.{body}',
        VAPI_WEBHOOK_MAX_AGE_SECONDS: '60',
      });
      url = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as { port: number }).port}/api/webhooks/vapi`;
    });
    afterAll(() => testApp.close());

    it('accepts the token in the configured header, with or without "Bearer ", and nowhere else', async () => {
      expect(await deliver(testApp, { 'X-Lead-Desk-Token': SECRET })).toMatchObject(accepted);
      expect(await deliver(testApp, { 'X-Lead-Desk-Token': `Bearer ${SECRET}` })).toMatchObject(accepted);
      expect(await deliver(testApp, { 'X-Lead-Desk-Token': 'wrong' })).toEqual(refused);
      expect(await deliver(testApp, { Authorization: `Bearer ${SECRET}` })).toEqual(refused);
    });

    it('accepts a signature made with that plan, and refuses one with the wrong prefix, message id or age', async () => {
      const body = delivery();
      // supertest's request carries the host and port the app listens on: the URL the platform would sign.
      const headers = vapiHmacHeaders(body.body, plan, { url, messageId: 'msg_1' });
      expect(await deliver(testApp, headers, body)).toMatchObject(accepted);

      const unprefixed = delivery();
      const withoutPrefix = vapiHmacHeaders(unprefixed.body, { ...plan, signaturePrefix: '' }, { url, messageId: 'msg_2' });
      expect(await deliver(testApp, withoutPrefix, unprefixed)).toEqual(refused);
      const otherId = delivery();
      const signedForAnotherId = vapiHmacHeaders(otherId.body, plan, { url, messageId: 'msg_3' });
      expect(await deliver(testApp, { ...signedForAnotherId, 'webhook-id': 'msg_4' }, otherId)).toEqual(refused);
      const old = delivery();
      expect(await deliver(testApp, vapiHmacHeaders(old.body, plan, { url, messageId: 'msg_5', timestamp: Math.floor(Date.now() / 1000) - 61 }), old)).toEqual(refused);
    });
  });

  describe('an HMAC plan without a timestamp', () => {
    const plan: VapiHmacPlan = { secretKey: HMAC_SECRET, includeTimestamp: false };
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp(provider, { VAPI_WEBHOOK_HMAC_SECRET: HMAC_SECRET, VAPI_WEBHOOK_HMAC_INCLUDE_TIMESTAMP: 'false' });
    });
    afterAll(() => testApp.close());

    it('signs the body alone', async () => {
      const body = delivery();
      const headers = vapiHmacHeaders(body.body, plan);
      expect(headers).not.toHaveProperty('x-timestamp');
      expect(await deliver(testApp, headers, body)).toMatchObject(accepted);
      const timestamped = delivery();
      expect(await deliver(testApp, vapiHmacHeaders(timestamped.body, { ...plan, includeTimestamp: true }), timestamped)).toEqual(refused);
      expect(await deliver(testApp, { 'X-Vapi-Secret': HMAC_SECRET })).toEqual(refused);
    });
  });
});
