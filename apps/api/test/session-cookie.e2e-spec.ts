import { PRODUCTION_ENV } from './support/production-env';
import { STAFF_MODE_ENV, TEST_ADMIN } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';

/** The attributes of the session cookie a sign-in sets and a sign-out clears, over plain http (no proxy says https). */
describe.each([
  ['is Secure in production by default, over plain http too', PRODUCTION_ENV, true],
  ['is not Secure in production when COOKIE_SECURE=false says so (plain-http test set-ups)', { ...PRODUCTION_ENV, COOKIE_SECURE: 'false' }, false],
  ['is not Secure outside production unless COOKIE_SECURE=true', STAFF_MODE_ENV, false],
  ['is Secure outside production with COOKIE_SECURE=true', { ...STAFF_MODE_ENV, COOKIE_SECURE: 'true' }, true],
] as const)('the session cookie %s', (_case, env, secure) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite', env);
  });
  afterAll(() => testApp.close());

  it(secure ? 'sets and clears it with Secure, httpOnly and SameSite=Strict' : 'sets and clears it without Secure, still httpOnly and SameSite=Strict', async () => {
    const signedIn = await testApp.http.post('/api/auth/sign-in').send(TEST_ADMIN).expect(200);
    const [cookie] = signedIn.headers['set-cookie'] as unknown as string[];
    const attributes = cookie.split(';').slice(1).map((attribute) => attribute.trim().split('=')[0].toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite', 'path']));
    expect(attributes.includes('secure')).toBe(secure);

    const signedOut = await testApp.http.post('/api/auth/sign-out').set('Cookie', cookie.split(';')[0]).set('X-CSRF-Token', signedIn.body.csrfToken).expect(204);
    const [cleared] = signedOut.headers['set-cookie'] as unknown as string[];
    expect(/;\s*Secure(;|$)/i.test(cleared)).toBe(secure);
  });
});
