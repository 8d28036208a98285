import { once } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { startApi, vapiHmacHeaders, type ServerProcess } from '@lead-desk/test-support';
import { statusUpdate } from './fixtures/vapi-messages';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { TEST_ADMIN } from './support/staff-sessions';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';
import { sendUnfinishedBody, type AnswerToUnfinishedBody } from './support/unfinished-body';

jest.setTimeout(180_000);

const MB = 1024 * 1024;
const UPLOAD_BYTES = 20 * MB;
const WEBHOOK_CAP = 2 * MB;
const SECRET = 'caller-before-body-secret';
const HMAC_SECRET = 'caller-before-body-hmac-secret';
const REFUSALS_PER_MINUTE = 20;
/** Every route that takes a CSV file as its body. */
const UPLOADS = [
  { method: 'POST', path: '/api/leads/import' },
  { method: 'POST', path: '/api/leads/import/preview' },
  { method: 'POST', path: '/api/leads/import/jobs' },
  { method: 'PUT', path: '/api/dnd-list' },
];
const SIGN_IN_FIRST = { statusCode: 401, error: 'Unauthorized', message: 'Sign in to continue.' };
const WRONG_CREDENTIAL = { statusCode: 401, error: 'Unauthorized', message: 'Missing or wrong webhook secret.' };
const TOO_LARGE = { statusCode: 413, error: 'Payload Too Large', message: `The request body is larger than the ${WEBHOOK_CAP} bytes allowed here.` };
const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests: wait a minute and try again.' };

const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

interface Answer {
  status: number;
  body: string;
}

/** Posts a whole body from a loopback address of its own: the API tells senders apart by address. */
function postFrom(localAddress: string, url: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(url, { method: 'POST', localAddress, headers: { ...headers, 'Content-Length': String(body.length) } }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    // Answered before the body was read, the connection is closed under the rest of it: that is the answer.
    outgoing.on('error', (error: NodeJS.ErrnoException) => !answered && reject(new Error(`No answer to ${url} from ${localAddress}: ${error.code ?? error.message}`)));
    outgoing.end(body);
  });
}

const answerOf = ({ status, body, bytesSent }: AnswerToUnfinishedBody) => ({ status, body: body ? JSON.parse(body) : undefined, bytesSent });

describe.each(PROVIDERS)('no body is read before the caller is known, on %s', (provider) => {
  let database: TestDatabase;
  let api: ServerProcess;
  let agentCookie: string;
  let agentCsrf: string;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    api = await startApi({
      entry: 'source',
      env: {
        DATABASE_URL: database.url,
        AUTH_MODE: 'staff',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SIGN_IN_LIMIT_PER_MINUTE: '1000',
        VAPI_WEBHOOK_SECRET: SECRET,
        VAPI_WEBHOOK_HMAC_SECRET: HMAC_SECRET,
        WEBHOOK_MAX_BYTES: String(WEBHOOK_CAP),
        WEBHOOK_REFUSALS_PER_MINUTE: String(REFUSALS_PER_MINUTE),
        LOG_LEVEL: 'warn',
      },
    });
    const admin = await fetch(`${api.url}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(TEST_ADMIN) });
    const adminCookie = admin.headers.getSetCookie()[0].split(';')[0];
    const { csrfToken } = (await admin.json()) as { csrfToken: string };
    const agent = { email: 'agent@caller-first.example.in', name: 'Agent', role: 'agent', password: 'an agent password of length' };
    const created = await fetch(`${api.url}/api/staff`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: adminCookie, 'X-CSRF-Token': csrfToken }, body: JSON.stringify(agent) });
    expect(created.status).toBe(201);
    const signedIn = await fetch(`${api.url}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: agent.email, password: agent.password }) });
    expect(signedIn.status).toBe(200);
    agentCookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    agentCsrf = ((await signedIn.json()) as { csrfToken: string }).csrfToken;
  });
  /** What a test leaves running if it fails part-way (a connection it keeps feeding). */
  const leftRunning: (() => void)[] = [];
  afterEach(() => leftRunning.splice(0).forEach((stop) => stop()));
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  it('answers 40 concurrent anonymous 20 MB uploads 401 without reading them: the API process stays near its idle memory', async () => {
    const idleBytes = api.rssBytes();
    const { result: answers, peakBytes } = await api.peakRssDuring(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, index) => {
          const { method, path } = UPLOADS[index % UPLOADS.length];
          return sendUnfinishedBody(`${api.url}${path}`, { method, headers: { 'Content-Type': 'text/csv' }, bytes: UPLOAD_BYTES });
        }),
      ),
    );
    const growth = peakBytes - idleBytes;
    const largestSent = Math.max(...answers.map(({ bytesSent }) => bytesSent));
    recordFigures({
      promise: 'Security regression',
      test: currentTestName(),
      database: provider,
      figures: { uploads: 40, uploadMb: 20, idleRssMb: megabytes(idleBytes), peakRssMb: megabytes(peakBytes), growthMb: megabytes(growth), largestSentMb: megabytes(largestSent) },
    });
    // 40 uploads read whole would hold 800 MB; refused unread they cost a few connections.
    expect(growth).toBeLessThan(96 * MB);
    expect(answers.map(answerOf)).toEqual(answers.map(() => ({ status: 401, body: SIGN_IN_FIRST, bytesSent: expect.any(Number) })));
  });

  it('answers an agent’s upload to an admin route 403 before reading it, and a session-less one 401', async () => {
    for (const { method, path } of UPLOADS) {
      const asAgent = await sendUnfinishedBody(`${api.url}${path}`, { method, headers: { 'Content-Type': 'text/csv', Cookie: agentCookie, 'X-CSRF-Token': agentCsrf }, bytes: UPLOAD_BYTES });
      expect(answerOf(asAgent)).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'This needs the admin role.' }, bytesSent: expect.any(Number) });
    }
    // A JSON body is no different: a route's caller is known before its body is read.
    const json = await sendUnfinishedBody(`${api.url}/api/leads`, { headers: { 'Content-Type': 'application/json' }, bytes: UPLOAD_BYTES });
    expect(answerOf(json)).toEqual({ status: 401, body: SIGN_IN_FIRST, bytesSent: expect.any(Number) });
  });

  it('cuts off a refused body that goes on and on, with its connection, instead of reading it for ever', async () => {
    const { hostname, port } = new URL(api.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    const writeErrors: string[] = [];
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    // Writing into a connection the server has cut off fails: that is the point, noted rather than thrown.
    socket.on('error', (error: NodeJS.ErrnoException) => writeErrors.push(error.code ?? error.message));
    socket.write(`POST /api/leads/import HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: text/csv\r\nContent-Length: 1000000000000\r\n\r\n`);
    const trickle = setInterval(() => socket.write(Buffer.alloc(64 * 1024, 'x')), 10);
    leftRunning.push(() => clearInterval(trickle), () => socket.destroy());
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(writeErrors.every((code) => ['EPIPE', 'ECONNRESET'].includes(code))).toBe(true);
  });

  it('refuses a webhook with a wrong secret or bearer token before reading its body, which never finishes', async () => {
    const wrongCredentials: Record<string, string>[] = [{ 'X-Vapi-Secret': 'wrong' }, { Authorization: 'Bearer wrong' }, {}];
    for (const credential of wrongCredentials) {
      const answer = await sendUnfinishedBody(`${api.url}/api/webhooks/vapi`, { headers: { 'Content-Type': 'application/json', ...credential }, bytes: UPLOAD_BYTES, chunked: true });
      expect(answerOf(answer)).toEqual({ status: 401, body: WRONG_CREDENTIAL, bytesSent: expect.any(Number) });
    }
  });

  it('answers 413 to a signed webhook larger than WEBHOOK_MAX_BYTES before reading past it, declared or not', async () => {
    const signature = vapiHmacHeaders('a body the signature was never made for', { secretKey: HMAC_SECRET });
    const declared = await sendUnfinishedBody(`${api.url}/api/webhooks/vapi`, { headers: { 'Content-Type': 'application/json', ...signature }, bytes: UPLOAD_BYTES });
    expect(answerOf(declared)).toEqual({ status: 413, body: TOO_LARGE, bytesSent: expect.any(Number) });
    const chunked = await sendUnfinishedBody(`${api.url}/api/webhooks/vapi`, { headers: { 'Content-Type': 'application/json', ...signature }, bytes: UPLOAD_BYTES, chunked: true });
    expect(answerOf(chunked)).toEqual({ status: 413, body: TOO_LARGE, bytesSent: expect.any(Number) });
    // A body without a declared size is answered 413 only once more than the cap has come.
    expect(chunked.bytesSent).toBeGreaterThan(WEBHOOK_CAP);
  });

  it('counts every refused webhook against its sender: of 2,000 forged 2 MB deliveries from one address the rest are 429, unread; another address is served', async () => {
    const attacker = '127.0.0.11';
    const url = `${api.url}/api/webhooks/vapi`;
    const body = Buffer.from(JSON.stringify({ message: { type: 'status-update', status: 'ringing', call: { id: 'forged' }, padding: 'x'.repeat(2_000_000) } }));
    expect(body.length).toBeLessThan(WEBHOOK_CAP);
    const forgeries: Record<string, string>[] = [{ 'X-Vapi-Secret': 'guess' }, { Authorization: 'Bearer guess' }, vapiHmacHeaders('other bytes', { secretKey: HMAC_SECRET }), {}];
    const idleBytes = api.rssBytes();
    const { result: statuses, peakBytes } = await api.peakRssDuring(async () => {
      const seen: number[] = [];
      // One after another, so the count is exact: each refusal is counted before the next delivery arrives.
      for (let index = 0; index < 2000; index += 1) {
        const answer = await postFrom(attacker, url, { 'Content-Type': 'application/json', ...forgeries[index % forgeries.length] }, body);
        seen.push(answer.status);
        if (index === REFUSALS_PER_MINUTE) expect(JSON.parse(answer.body)).toEqual(TOO_MANY);
      }
      return seen;
    });
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    expect(statuses.slice(0, REFUSALS_PER_MINUTE)).toEqual(Array(REFUSALS_PER_MINUTE).fill(401));
    expect(counts).toEqual({ 401: REFUSALS_PER_MINUTE, 429: 2000 - REFUSALS_PER_MINUTE });

    // The address is throttled as a whole for the minute, even with the right secret; another address is not.
    const genuine = Buffer.from(JSON.stringify(statusUpdate('call-after-the-flood', 'queued')));
    expect((await postFrom(attacker, url, { 'Content-Type': 'application/json', 'X-Vapi-Secret': SECRET }, genuine)).status).toBe(429);
    const platform = await postFrom('127.0.0.12', url, { 'Content-Type': 'application/json', ...vapiHmacHeaders(genuine, { secretKey: HMAC_SECRET }) }, genuine);
    expect(platform.status).toBe(200);
    recordFigures({
      promise: 'Security regression',
      test: currentTestName(),
      database: provider,
      figures: { deliveries: 2000, bodyMb: megabytes(body.length), refused401: counts[401], throttled429: counts[429], idleRssMb: megabytes(idleBytes), peakRssMb: megabytes(peakBytes) },
    });
  });
});
