import { Clock } from '../src/common/clock';
import { queryRows } from './support/database-rows';
import { TEST_ADMIN, signIn } from './support/staff-sessions';
import { ApiProcesses } from './support/api-processes';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

// Each attempt comes from an address of its own (X-Forwarded-For, trusted here): the per-address limit never applies.
const ENV = { AUTH_MODE: 'staff', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, TRUST_PROXY: 'true' };
const AGENT = { email: 'agent.limit@example.in', password: 'an agent password of length' };
const LOCKED = (seconds: number) => ({ statusCode: 429, error: 'Too Many Requests', message: `Too many sign-in attempts for this account: try again in ${seconds} s.` });

let addresses = 0;
/** A new address each time: 10.0.x.y. */
const nextAddress = () => {
  addresses += 1;
  return `10.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/**
 * Guesses at one account spread over many addresses are limited as from one address
 * (SIGN_IN_LIMIT_PER_MINUTE, 5 by default), then the account is locked for a minute, doubling
 * with each lock-out in a row up to SIGN_IN_LOCK_MAX_MINUTES: a back-off, never a permanent lock.
 */
describe.each(PROVIDERS)('sign-in limit per account on %s', (provider) => {
  const apps: TestApp[] = [];
  let now = new Date('2026-11-28T10:00:00.000Z');
  const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

  beforeAll(async () => {
    apps.push(await startTestApp(provider, ENV));
    // Several API processes share a PostgreSQL (SQLite has one): attempts alternate between them.
    if (provider === 'postgresql') apps.push(await startTestApp(provider, ENV, apps[0].database));
    for (const { app } of apps) jest.spyOn(app.get(Clock), 'now').mockImplementation(() => now);
    const admin = await signIn(apps[0], TEST_ADMIN);
    await admin.agent.post('/api/staff').set('X-CSRF-Token', admin.csrf).send({ ...AGENT, name: 'Limit Agent', role: 'agent' }).expect(201);
  });
  afterAll(async () => {
    for (const testApp of apps.slice(1)) await testApp.close();
    await apps[0]?.close();
  });

  const attempt = (credentials: { email: string; password: string }) => {
    const address = nextAddress();
    return apps[addresses % apps.length].http.post('/api/auth/sign-in').set('X-Forwarded-For', address).send(credentials);
  };
  const wrongGuesses = async (email: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await attempt({ email, password: `guess ${i}` })).status);
    return statuses;
  };

  it('limits eight wrong passwords for one account from eight addresses as from one, then refuses the right password too', async () => {
    expect(await wrongGuesses(TEST_ADMIN.email, 8)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await attempt(TEST_ADMIN).expect(429);
    expect(locked.body).toEqual(LOCKED(60));
    expect(locked.headers['retry-after']).toBe('60');
    // Another account is not held up by it.
    await attempt(AGENT).expect(200);
  });

  it('locks for a minute, then twice as long after the next five: a back-off that a right password ends', async () => {
    advance(59);
    expect((await attempt(TEST_ADMIN).expect(429)).body).toEqual(LOCKED(1));
    advance(1);
    expect(await wrongGuesses(TEST_ADMIN.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt(TEST_ADMIN).expect(429)).body).toEqual(LOCKED(120));
    advance(120);
    await attempt(TEST_ADMIN).expect(200);
    // The right password forgot the lock-outs: the next are a minute again.
    expect(await wrongGuesses(TEST_ADMIN.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt(TEST_ADMIN).expect(429)).body).toEqual(LOCKED(60));
    advance(60);
  });

  it('limits an email no account has alike (the limit tells no one which emails exist), and stores no typed email', async () => {
    expect(await wrongGuesses('nobody@example.in', 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt({ email: 'nobody@example.in', password: 'x' }).expect(429)).body).toEqual(LOCKED(60));
    const rows = await queryRows<Record<string, unknown>>(apps[0].database, 'SELECT * FROM sign_in_attempts');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.account_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(/example\.in/);
  });
});

describe('sign-in limit per account across two API processes on one PostgreSQL', () => {
  const processes = new ApiProcesses();
  const { apis } = processes;

  beforeAll(() => processes.start(2, { ...ENV, LOG_LEVEL: 'warn' }), 120_000);
  afterAll(() => processes.stop());

  it('checks five of eight wrong passwords sent at once from eight addresses through both processes, and refuses the rest', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await fetch(`${apis[i % 2].url}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
          body: JSON.stringify({ email: TEST_ADMIN.email, password: `guess ${i}` }),
        });
        return response.status;
      }),
    );
    expect(statuses.sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await fetch(`${apis[1].url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(right.status).toBe(429);
  });
});
