import { ApiProcesses } from './support/api-processes';
import { executeScript, queryRows } from './support/database-rows';
import { TEST_ADMIN } from './support/staff-sessions';

const SECRET = 'webhook-secret-for-shared-limits';
const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests: wait a minute and try again.' };
// One client address for each test's requests (X-Forwarded-For, trusted here): the per-address limits are the ones under test.
const ADDRESS = '10.2.0.7';
const FORGER = '10.2.0.8';
const SOMEONE_ELSE = '10.2.0.9';
const SOMETHING_WENT_WRONG = { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side.' };

/**
 * The per-minute limits per client address (sign-in, webhook) with two API processes on one
 * PostgreSQL, the requests alternating between them: each limit holds in total, as with one
 * process, instead of once per process.
 */
describe('per-minute rate limits with two API processes on one PostgreSQL', () => {
  const processes = new ApiProcesses();
  const { apis } = processes;

  beforeAll(
    () =>
      processes.start(2, {
        AUTH_MODE: 'staff',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        TRUST_PROXY: 'true',
        SIGN_IN_LIMIT_PER_MINUTE: '3',
        WEBHOOK_LIMIT_PER_MINUTE: '4',
        WEBHOOK_REFUSALS_PER_MINUTE: '3',
        VAPI_WEBHOOK_SECRET: SECRET,
        LOG_LEVEL: 'warn',
      }),
    120_000,
  );
  afterAll(() => processes.stop());

  const post = (i: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${apis[i % 2].url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ADDRESS, ...headers }, body: JSON.stringify(body) });

  it('answers the fourth sign-in attempt from one address 429, whichever process takes it', async () => {
    // A new email each time: the per-account limit (counted apart) never applies.
    const attempts = [];
    for (let i = 0; i < 5; i += 1) attempts.push(await post(i, '/api/auth/sign-in', { email: `guess.${i}@example.in`, password: 'a wrong guess' }));
    expect(attempts.map((response) => response.status)).toEqual([401, 401, 401, 429, 429]);
    expect(await attempts[3].json()).toEqual(TOO_MANY);
    expect(Number(attempts[3].headers.get('retry-after-sign-in'))).toBeGreaterThan(55);
    // Each process refused one: each saw the other's counts.
    expect(attempts[3].url).not.toBe(attempts[4].url);
  });

  it('answers the fifth webhook delivery from one address 429, whichever process takes it', async () => {
    const deliveries = [];
    for (let i = 0; i < 6; i += 1) deliveries.push(await post(i, '/api/webhooks/vapi', { message: { type: 'speech-update' } }, { 'X-Vapi-Secret': SECRET }));
    expect(deliveries.map((response) => response.status)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await deliveries[4].json()).toEqual(TOO_MANY);
    expect(Number(deliveries[4].headers.get('retry-after-webhook'))).toBeGreaterThan(55);
  });

  it('answers 429 to every webhook delivery from an address whose deliveries were refused three times, through either process', async () => {
    // Another address than the tests above: its webhook limit (4) is not used up, and 4 deliveries stay within it.
    const headers = { 'X-Forwarded-For': FORGER };
    const deliveries = [];
    for (let i = 0; i < 4; i += 1) deliveries.push(await post(i, '/api/webhooks/vapi', { message: { type: 'speech-update' } }, { ...headers, 'X-Vapi-Secret': 'a guess' }));
    expect(deliveries.map((response) => response.status)).toEqual([401, 401, 401, 429]);
    expect(await deliveries[3].json()).toEqual(TOO_MANY);
    expect(Number(deliveries[3].headers.get('retry-after'))).toBeGreaterThan(55);
  });

  it('keeps no client address in the database', async () => {
    const rows = await queryRows<{ key: string }>(processes.database, 'SELECT key FROM request_limit_counts');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) for (const address of [ADDRESS, FORGER]) expect(key).not.toContain(address);
  });

  it('answers 500 and logs it when the count cannot be written, never letting the request through uncounted', async () => {
    await executeScript(processes.database, 'ALTER TABLE request_limit_counts RENAME TO request_limit_counts_away');
    try {
      const headers = { 'X-Forwarded-For': SOMEONE_ELSE };
      const signIn = await post(0, '/api/auth/sign-in', { email: 'someone@example.in', password: 'a wrong guess' }, headers);
      expect(signIn.status).toBe(500);
      expect(await signIn.json()).toEqual(SOMETHING_WENT_WRONG);
      const delivery = await post(1, '/api/webhooks/vapi', { message: { type: 'speech-update' } }, { ...headers, 'X-Vapi-Secret': SECRET });
      expect(delivery.status).toBe(500);
      // Logged as any unexpected error, with what failed.
      for (const api of apis) expect(api.output()).toMatch(/"Unhandled error".*request_limit_counts|request_limit_counts.*"Unhandled error"/);
    } finally {
      await executeScript(processes.database, 'ALTER TABLE request_limit_counts_away RENAME TO request_limit_counts');
    }
  });
});
