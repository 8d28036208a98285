import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const ADMIN = { email: 'admin@example.in', password: 'correct horse battery staple' };
const SECRET = 'webhook-secret-for-rate-limits';
const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests: wait a minute and try again.' };

describe.each(PROVIDERS)('rate limits, one named limit per route, on %s', (provider) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(provider, {
      AUTH_MODE: 'staff',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_LIMIT_PER_MINUTE: '2',
      WEBHOOK_LIMIT_PER_MINUTE: '3',
      VAPI_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(() => testApp.close());

  const delivery = () => testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send({ message: { type: 'speech-update' } });
  const signIn = () => testApp.http.post('/api/auth/sign-in').send({ ...ADMIN, password: 'a wrong guess' });

  it('counts each route against its own limit, and every webhook delivery, refused ones too', async () => {
    // A forger's deliveries count like the platform's: refused, they still use up the address's minute.
    for (let i = 0; i < 2; i += 1) await testApp.http.post('/api/webhooks/vapi').send({ message: { type: 'speech-update' } }).expect(401);
    const admitted = await delivery().expect(200);
    expect(admitted.headers).toMatchObject({ 'x-ratelimit-limit-webhook': '3', 'x-ratelimit-remaining-webhook': '0' });
    const refused = await delivery().expect(429);
    expect(refused.body).toEqual(TOO_MANY);
    // Refused for a minute from the request past the limit.
    expect(Number(refused.headers['retry-after-webhook'])).toBeGreaterThanOrEqual(59);

    // The webhook's flood leaves sign-in its own two attempts.
    for (let i = 0; i < 2; i += 1) await signIn().expect(401);
    expect((await signIn().expect(429)).body).toEqual(TOO_MANY);

    // Routes without a limit of their own are not limited by either.
    for (let i = 0; i < 5; i += 1) await testApp.http.get('/api/voice/config').expect(200);
  });
});
