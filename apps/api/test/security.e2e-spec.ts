import crypto from 'node:crypto';
import { FakeVapiServer, startApi, type ServerProcess } from '@lead-desk/test-support';
import { endOfCallReport } from './fixtures/vapi-messages';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

// Recognisable values: any of them in a response or a log line is a leak.
const CANARIES = {
  VAPI_PRIVATE_KEY: 'sk-private-canary-7f3a9c1e55',
  VAPI_WEBHOOK_SECRET: 'whsec-canary-4b8d2e6f77',
  SESSION_SECRET: 'session-secret-canary-9e1c7a3b5d-0123456789abcdef',
  PRIVACY_HASH_SALT: 'privacy-salt-canary-5c2e8a1f',
  ADMIN_PASSWORD: 'admin-password-canary-31',
};
const AGENT_PASSWORD = 'agent-password-canary-62';
const ADMIN_EMAIL = 'admin@security.example.in';

/** What an error must never carry: a stack frame, SQL, driver or ORM internals, file paths. */
const INTERNALS = /\bat [\w.<>$]+ \(|\.[jt]s:\d+|node_modules|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b|Prisma|SQLITE_|pg_advisory|syntax error at|ECONNREFUSED|\/work\/|\/home\//i;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

describe.each(PROVIDERS)('webhook secret comparison on %s', (provider) => {
  const SECRET = 'constant-time-secret';
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_SECRET: SECRET });
  });
  afterAll(() => testApp.close());
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['one character', 'x'],
    ['the secret less its last character', SECRET.slice(0, -1)],
    ['the secret and one more character', `${SECRET}x`],
    ['the secret in capitals', SECRET.toUpperCase()],
    ['10,000 characters', 'y'.repeat(10_000)],
  ])('rejects a wrong secret (%s) through timingSafeEqual on two equal-length digests', async (_, wrong) => {
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    for (const header of [{ 'X-Vapi-Secret': wrong }, { Authorization: `Bearer ${wrong}` }]) {
      compare.mockClear();
      await testApp.http.post('/api/webhooks/vapi').set(header).send(endOfCallReport({ callId: 'call-timing' })).expect(401);
      // Whatever the length of what was sent, one comparison of two SHA-256 digests decides: no early exit.
      expect(compare).toHaveBeenCalledTimes(1);
      const [given, expected] = compare.mock.calls[0] as [Buffer, Buffer];
      expect([given.length, expected.length]).toEqual([32, 32]);
      expect(given.equals(sha256(wrong))).toBe(true);
      expect(expected.equals(sha256(SECRET))).toBe(true);
    }
  });

  it('lets the right secret through the same comparison', async () => {
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send({ message: { type: 'speech-update' } }).expect(200);
    expect(compare).toHaveBeenCalledTimes(1);
    expect(compare.mock.results[0].value).toBe(true);
  });
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

interface Session {
  cookie: string;
  csrf: string;
}

const PARAM_VALUES = ["'; DROP TABLE leads; --", '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '%00', '%E0%A4%A', '{{7*7}}', '1 OR 1=1'];
const JUNK_QUERY = '?limit=-1&cursor=%27%20OR%201%3D1--&status=evil&tz=Mars%2FOlympus&q=%00&days=1e309&__proto__[x]=1&id[]=1';
const BAD_BODIES: { contentType: string; body: string | Buffer }[] = [
  { contentType: 'application/json', body: '{"name":' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '"text"' },
  { contentType: 'application/json', body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
  { contentType: 'application/json', body: JSON.stringify({ name: 1, email: [], phone: {}, leadId: 5, password: 7, message: { type: 'end-of-call-report', call: 5 } }) },
  { contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]) },
  { contentType: 'application/json', body: Buffer.alloc(2_200_000, 0x20) },
  { contentType: 'text/csv', body: 'name,email\n"unterminated' },
  { contentType: 'application/xml', body: '<lead><name>x</name></lead>' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname\n' },
];

describe.each(PROVIDERS)('no stack trace, SQL, secret or key leaves the API process on %s', (provider) => {
  const fake = new FakeVapiServer();
  let database: TestDatabase;
  let api: ServerProcess;
  const wrongPassword = 'wrong-password-canary-88';
  const sessionTokens: string[] = [];
  const answers: { request: string; answer: Answer }[] = [];

  async function send(method: string, path: string, options: { body?: string | Buffer; contentType?: string; session?: Session; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.contentType) headers['Content-Type'] = options.contentType;
    if (options.session) Object.assign(headers, { Cookie: options.session.cookie, 'X-CSRF-Token': options.session.csrf });
    const controller = new AbortController();
    const body = typeof options.body === 'string' || options.body === undefined ? options.body : new Uint8Array(options.body);
    const response = await fetch(`${api.url}${path}`, { method, headers, body, signal: controller.signal });
    // An event stream never ends: its status line and headers are the answer.
    const text = response.headers.get('content-type')?.startsWith('text/event-stream') ? (controller.abort(), '') : await response.text();
    const answer = { status: response.status, headers: response.headers, text };
    answers.push({ request: `${method} ${path.slice(0, 120)} ${options.contentType ?? ''} ${String(options.body ?? '').slice(0, 60)}`, answer });
    return answer;
  }

  async function signIn(email: string, password: string): Promise<Session> {
    const response = await fetch(`${api.url}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie()[0].split(';')[0];
    sessionTokens.push(cookie.split('=')[1]);
    return { cookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
  }

  beforeAll(async () => {
    await fake.start();
    database = await createTestDatabase(provider);
    api = await startApi({
      entry: 'source',
      env: {
        ...CANARIES,
        NODE_ENV: 'production',
        LOG_LEVEL: 'trace',
        DATABASE_URL: database.url,
        ADMIN_EMAIL,
        VAPI_API_URL: fake.url,
        VAPI_PUBLIC_KEY: 'public-key',
        VAPI_ASSISTANT_ID: 'assistant-1',
        VAPI_PHONE_NUMBER_ID: 'phone-number-1',
        VAPI_TIMEOUT_SECONDS: '1',
        SIGN_IN_LIMIT_PER_MINUTE: '1000',
        // Every request comes from 127.0.0.1, the webhook's with wrong credentials among them: its refusals, counted at
        // once in the database, would otherwise refuse the real report below (limits are not what this test is about).
        WEBHOOK_REFUSALS_PER_MINUTE: '1000',
        // The routes are read from the OpenAPI document, which production serves only when asked.
        API_DOCS: 'true',
        // The calls below must reach the voice platform whatever the hour the test runs at.
        CALLING_HOURS: '00:00-24:00',
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await fake.stop();
  });

  it('answers every route, with bad input, with or without a session, without leaking; and logs none of it', async () => {
    const admin = await signIn(ADMIN_EMAIL, CANARIES.ADMIN_PASSWORD);
    const created = await send('POST', '/api/staff', { session: admin, contentType: 'application/json', body: JSON.stringify({ email: 'agent@security.example.in', name: 'Agent', role: 'agent', password: AGENT_PASSWORD }) });
    expect(created.status).toBe(201);
    const agent = await signIn('agent@security.example.in', AGENT_PASSWORD);
    expect((await send('POST', '/api/auth/sign-in', { contentType: 'application/json', body: JSON.stringify({ email: ADMIN_EMAIL, password: wrongPassword }) })).status).toBe(401);

    // Every route the OpenAPI document lists, × no session, agent, admin, × bad bodies, ids and queries.
    const openApi = (await (await fetch(`${api.url}/api/docs-json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(openApi.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(operations.length).toBeGreaterThanOrEqual(15);
    let param = 0;
    for (const { method, path } of operations) {
      if (path === '/api/auth/sign-out') continue; // signed out at the end, with every session
      for (const session of [undefined, agent, admin]) {
        const headers = path === '/api/webhooks/vapi' ? { 'X-Vapi-Secret': session ? CANARIES.VAPI_WEBHOOK_SECRET : 'wrong-secret' } : undefined;
        const concrete = () => path.replace(/\{\w+\}/g, () => encodeURIComponent(PARAM_VALUES[param++ % PARAM_VALUES.length]));
        await send(method, `${concrete()}${JUNK_QUERY}`, { session, headers });
        if (method === 'GET') continue;
        for (const bad of BAD_BODIES) await send(method, concrete(), { ...bad, session, headers });
      }
    }
    // The deeper paths: a platform that quotes the private key back, one that hangs, a stored report, unknown routes.
    const leadId = JSON.parse((await send('POST', '/api/leads', { session: admin, contentType: 'application/json', body: JSON.stringify({ name: 'Leak Test', phone: '+919876500000' }) })).text)._id;
    fake.behaviour = 'echo-credential';
    expect((await send('POST', '/api/calls', { session: agent, contentType: 'application/json', body: JSON.stringify({ leadId }) })).status).toBe(502);
    fake.behaviour = 'hang';
    expect((await send('POST', '/api/calls', { session: agent, contentType: 'application/json', body: JSON.stringify({ leadId }) })).status).toBe(504);
    const report = JSON.stringify(endOfCallReport({ callId: 'call-leak', number: '+919876500001' }));
    expect((await send('POST', '/api/webhooks/vapi', { contentType: 'application/json', body: report, headers: { Authorization: `Bearer ${CANARIES.VAPI_WEBHOOK_SECRET}` } })).status).toBe(200);
    for (const path of ['/api/nope', '/api/leads/%2e%2e%2f%2e%2e%2fetc', '/api/../../etc/passwd']) await send('GET', path, { session: admin });
    await send('PUT', '/api/leads', { session: admin, contentType: 'application/json', body: '{}' });
    for (const session of [agent, admin]) expect((await send('POST', '/api/auth/sign-out', { session })).status).toBe(204);

    const secrets = [...Object.values(CANARIES), AGENT_PASSWORD, wrongPassword];
    const leaks = answers.flatMap(({ request, answer }) => {
      const problems: string[] = [];
      const serverError = answer.status >= 500 && !(request.startsWith('POST /api/calls') && [502, 503, 504].includes(answer.status));
      if (serverError) problems.push(`status ${answer.status}`);
      if (INTERNALS.test(answer.text)) problems.push(`internals: ${INTERNALS.exec(answer.text)?.[0]}`);
      for (const secret of [...secrets, ...sessionTokens]) if (answer.text.includes(secret)) problems.push(`a secret: ${secret.slice(0, 12)}…`);
      if (answer.headers.get('x-powered-by')) problems.push('X-Powered-By');
      // Answers of the API carry personal data: never cached. (A path like /api/../x resolves outside it, as a client sends it.)
      const fromTheApi = new URL(request.split(' ')[1], 'http://api.test').pathname.startsWith('/api/');
      if (fromTheApi && !/\bno-(store|cache)\b/.test(answer.headers.get('cache-control') ?? '')) problems.push('cacheable by a browser or proxy');
      if (answer.status >= 400 && !answer.headers.get('content-type')?.startsWith('application/json')) problems.push(`a ${answer.headers.get('content-type')} error`);
      return problems.map((problem) => `${request} → ${answer.status}: ${problem}`);
    });
    expect(leaks).toEqual([]);

    const logs = api.output();
    // The log is worth checking: it holds the requests (without their headers) and the platform's refusal.
    expect(logs).toContain('"url":"/api/leads');
    expect(logs).toContain('"method":"POST","url":"/api/webhooks/vapi"');
    expect(logs).not.toMatch(/"(cookie|authorization|x-vapi-secret)":/i);
    expect(logs).toContain('Voice platform refused to create a call');
    expect([...secrets, ...sessionTokens].filter((secret) => logs.includes(secret))).toEqual([]);
    const statuses: Record<number, number> = {};
    for (const { answer } of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    recordFigures({
      promise: 'Security regression',
      test: currentTestName(),
      database: provider,
      figures: { requests: answers.length, routes: operations.length, leaks: leaks.length, logLines: logs.split('\n').length, statuses: JSON.stringify(statuses) },
    });
  });
});
