import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { STAFF_MODE_ENV, TEST_ADMIN } from './support/staff-sessions';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

jest.setTimeout(120_000);

// A customer, as staff search for them and as someone may type them into the sign-in form.
const PERSON = { name: 'Aarav Sharma', email: 'aarav.sharma@example.in', phone: '+919876543210', digits: '9876543210' };

/** The log of the API's own process, which holds every request, must not copy who was searched for or who tried to sign in. */
describe.each(PROVIDERS)('the API process logs no personal data on %s', (provider) => {
  let database: TestDatabase;
  let api: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    api = await startApi({ entry: 'source', env: { ...STAFF_MODE_ENV, NODE_ENV: 'development', LOG_LEVEL: 'trace', DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  let requests = 0;
  const call = (path: string, init: RequestInit = {}) => {
    requests += 1;
    return fetch(`${api.url}${path}`, init);
  };
  const signIn = (email: string, password: string) =>
    call('/api/auth/sign-in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });

  it('logs searches by email, phone and name, and failed sign-ins, without their values', async () => {
    const signedIn = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(signedIn.status).toBe(200);
    const session = {
      Cookie: signedIn.headers.getSetCookie()[0].split(';')[0],
      'X-CSRF-Token': ((await signedIn.json()) as { csrfToken: string }).csrfToken,
    };
    const created = await call('/api/leads', { method: 'POST', headers: { ...session, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: PERSON.name, email: PERSON.email, phone: PERSON.phone }) });
    expect(created.status).toBe(201);

    const searches = [PERSON.email, PERSON.phone, PERSON.digits, '98765 43210', PERSON.name];
    for (const q of searches) {
      const found = await call(`/api/leads?q=${encodeURIComponent(q)}&limit=10`, { headers: session });
      expect([q, found.status, ((await found.json()) as unknown[]).length]).toEqual([q, 200, 1]);
    }
    // A refused search and an export are logged too.
    const refused = await call(`/api/leads?q=${encodeURIComponent(PERSON.email)}&limit=-1`, { headers: session });
    expect([refused.status, ((await refused.json()) as { errors: { field: string }[] }).errors[0].field]).toEqual([400, 'limit']);
    const exported = await call(`/api/leads/export.csv?q=${PERSON.digits}`, { headers: session });
    expect([exported.status, (await exported.text()).includes(PERSON.email)]).toEqual([200, true]);
    // Someone types a customer's email into the sign-in form; an admin mistypes their password.
    expect((await signIn(PERSON.email, 'whatever-password')).status).toBe(401);
    expect((await signIn(TEST_ADMIN.email, 'not the password')).status).toBe(401);

    const logs = api.output();
    // The log is worth reading: it holds the searches and the failed sign-ins.
    expect(logs).toContain('"url":"/api/leads?q=[redacted]&limit=[redacted]"');
    expect(logs).toContain('"url":"/api/leads/export.csv?q=[redacted]"');
    expect(logs.match(/Failed sign-in/g)).toHaveLength(2);
    const values = [...searches, ...searches.map(encodeURIComponent), PERSON.email.split('@')[0], 'Aarav+Sharma'];
    const lowerLogs = logs.toLowerCase();
    const leaks = values.filter((value) => lowerLogs.includes(value.toLowerCase()));
    expect(leaks).toEqual([]);
    recordFigures({
      promise: 'Security regression',
      test: currentTestName(),
      database: provider,
      figures: { requests, logLines: logs.split('\n').length, valuesLookedFor: values.length, leaks: leaks.length },
    });
  });
});
