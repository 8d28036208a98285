import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** Without their secrets the lead-ad webhooks say they are not configured, and store nothing. */
describe.each(PROVIDERS)('lead ad webhooks without their settings on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { META_APP_SECRET: 'only-the-secret' });
  });
  afterAll(() => testApp.close());

  it('answers 404 naming the variables to set, for Meta’s handshake and deliveries and for Google’s', async () => {
    const handshake = await testApp.http.get('/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1').expect(404);
    expect(handshake.body.message).toContain('META_VERIFY_TOKEN');
    const delivery = await testApp.http.post('/api/webhooks/meta').set('X-Hub-Signature-256', `sha256=${'0'.repeat(64)}`).send({ object: 'page', entry: [] }).expect(404);
    expect(delivery.body.message).toMatch(/not configured/);
    const google = await testApp.http.post('/api/webhooks/google-ads').send({ lead_id: 'x', google_key: 'y' }).expect(404);
    expect(google.body.message).toContain('GOOGLE_ADS_WEBHOOK_KEY');
  });
});
