import { FakeVapiServer, startApi, type ServerProcess } from '@lead-desk/test-support';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DateTime } from 'luxon';
import { endOfCallReport, unansweredCallReport } from './fixtures/vapi-messages';
import { ApiProcesses } from './support/api-processes';
import { executeScript, queryRows } from './support/database-rows';
import { eventually } from './support/eventually';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

jest.setTimeout(180_000);

const CADENCE = '+1s,+1s,+1s,+1s';

interface AttemptRow {
  number: number;
  state: string;
  vapi_call_id: string | null;
  note: string | null;
  due_at: Date | string;
}

/** A timestamp both databases read as this UTC moment (the releases' fill.sql writes them so). */
const sqlTime = (at: Date) => `'${at.toISOString().replace('Z', '+00:00')}'`;

/**
 * A lead's cadence opened as the intake opens it (one open cadence, attempt 1 scheduled),
 * written straight to the database: no inbound HTTP path hands a lead to the intake yet.
 */
async function openCadence(database: TestDatabase, leadId: string, dueAt: Date): Promise<string> {
  const cadenceId = randomUUID();
  await executeScript(
    database,
    `INSERT INTO callback_cadences (id, lead_id, state, source, steps, started_at, open_lead_id) VALUES ('${cadenceId}', '${leadId}', 'open', 'web form', '${CADENCE}', ${sqlTime(new Date())}, '${leadId}');
     INSERT INTO call_attempts (id, cadence_id, lead_id, number, state, due_at, created_at, updated_at) VALUES ('${randomUUID()}', '${cadenceId}', '${leadId}', 1, 'scheduled', ${sqlTime(dueAt)}, ${sqlTime(new Date())}, ${sqlTime(new Date())});`,
  );
  return cadenceId;
}

async function createLead(api: ServerProcess, name: string, phone: string): Promise<string> {
  const response = await fetch(`${api.url}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, phone }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

async function deliver(api: ServerProcess, message: unknown): Promise<void> {
  const response = await fetch(`${api.url}/api/webhooks/vapi`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message) });
  expect(response.status).toBe(200);
}

async function timeline(api: ServerProcess, leadId: string): Promise<string[]> {
  const response = await fetch(`${api.url}/api/leads/${leadId}/activity?limit=200`);
  const entries = (await response.json()) as { type: string; data: { text?: string } }[];
  return entries.filter(({ type }) => type === 'callback').map(({ data }) => data.text!).reverse();
}

/** Polls until `check` answers true (at most `tries` × 100 ms), then answers its last value. */
const attemptsOf = (database: TestDatabase, leadId: string) =>
  queryRows<AttemptRow>(database, `SELECT number, state, vapi_call_id, note, due_at FROM call_attempts WHERE lead_id = '${leadId}' ORDER BY number`);
const cadenceOf = async (database: TestDatabase, cadenceId: string) =>
  (await queryRows<{ state: string; stop_reason: string | null }>(database, `SELECT state, stop_reason FROM callback_cadences WHERE id = '${cadenceId}'`))[0];

describe.each(PROVIDERS)('the agent callback cadence on %s', (provider) => {
  const fake = new FakeVapiServer();
  let database: TestDatabase;
  let api: ServerProcess;

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: database.url,
    AUTH_MODE: 'open',
    LOG_LEVEL: 'warn',
    VAPI_API_URL: fake.url,
    VAPI_PRIVATE_KEY: 'private-key',
    VAPI_ASSISTANT_ID: 'assistant-1',
    VAPI_PHONE_NUMBER_ID: 'phone-number-1',
    CALLING_HOURS: '00:00-24:00',
    CALLBACK_CADENCE: CADENCE,
    AUTO_CALLBACK_DELAY_SECONDS: '0',
    JOB_LEASE_SECONDS: '1',
    VAPI_TIMEOUT_SECONDS: '1',
    ...extra,
  });
  const posts = () => fake.requests.filter(({ method, path }) => method === 'POST' && path === '/call');
  const postsFor = (number: string) => posts().filter(({ body }) => (body as { customer: { number: string } }).customer.number === number);

  beforeAll(async () => {
    await fake.start();
    database = await createTestDatabase(provider);
    api = await startApi({ entry: 'source', env: env() });
  });
  afterAll(async () => {
    await api?.stop();
    await database.drop();
    await fake.stop();
  });

  it('no answer three times, then answered: four calls, then the cadence stops', async () => {
    const number = '+919860001001';
    const leadId = await createLead(api, 'Kavya Iyer', number);
    const cadenceId = await openCadence(database, leadId, new Date());
    const reasons = ['customer-did-not-answer', 'customer-busy', 'voicemail'];

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await eventually(async () => (await attemptsOf(database, leadId)).some((row) => row.number === attempt && row.state === 'placed'))).toBe(true);
      const placed = (await attemptsOf(database, leadId)).find((row) => row.number === attempt)!;
      // Vapi echoes the lead id the call was created with in every message about it.
      const metadata = { leadId };
      if (attempt < 4) {
        const report = unansweredCallReport(placed.vapi_call_id!, number, metadata);
        report.message.endedReason = reasons[attempt - 1] as typeof report.message.endedReason;
        report.message.call!.endedReason = report.message.endedReason;
        await deliver(api, report);
      } else {
        await deliver(api, endOfCallReport({ callId: placed.vapi_call_id!, number, type: 'outboundPhoneCall', metadata }));
      }
    }

    expect(await eventually(async () => (await cadenceOf(database, cadenceId)).state === 'reached')).toBe(true);
    // Longer than a step: no fifth call follows.
    await sleep(2_500);
    expect(postsFor(number)).toHaveLength(4);
    expect((await attemptsOf(database, leadId)).map(({ number: n, state }) => [n, state])).toEqual([
      [1, 'unanswered'],
      [2, 'unanswered'],
      [3, 'unanswered'],
      [4, 'answered'],
    ]);
    for (const request of postsFor(number)) expect(request.body).toMatchObject({ assistantId: 'assistant-1', phoneNumberId: 'phone-number-1', assistantOverrides: { metadata: { leadId } } });
    const texts = await timeline(api, leadId);
    expect(texts.filter((text) => text.startsWith('The agent called'))).toEqual([1, 2, 3, 4].map((n) => `The agent called (attempt ${n} of 5)`));
    expect(texts.filter((text) => text.startsWith("The agent's call was not answered"))).toEqual([
      "The agent's call was not answered (attempt 1 of 5): customer-did-not-answer",
      "The agent's call was not answered (attempt 2 of 5): customer-busy",
      "The agent's call was not answered (attempt 3 of 5): voicemail",
    ]);
    expect(texts.filter((text) => text.startsWith('The agent will call again'))).toHaveLength(3);
    expect(texts.at(-1)).toBe("The lead answered the agent's call (attempt 4 of 5): no further call");
    // The calls are the lead's, as staff see them.
    const [{ calls }] = await queryRows<{ calls: number | string }>(database, `SELECT COUNT(*) AS calls FROM calls WHERE lead_id = '${leadId}' AND type = 'outboundPhoneCall'`);
    expect(Number(calls)).toBe(4);
  });

  it('Do Not Call set during the cadence: no further call, the timeline says why', async () => {
    const number = '+919860001002';
    const leadId = await createLead(api, 'Rohan Mehta', number);
    const cadenceId = await openCadence(database, leadId, new Date());
    expect(await eventually(async () => (await attemptsOf(database, leadId)).some((row) => row.state === 'placed'))).toBe(true);

    const patched = await fetch(`${api.url}/api/leads/${leadId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ doNotCall: true, doNotCallReason: 'Asked by email not to be called' }),
    });
    expect(patched.status).toBe(200);
    expect(await cadenceOf(database, cadenceId)).toEqual({ state: 'stopped', stop_reason: 'Marked Do Not Call' });

    // The call in progress then ends unanswered: the cadence does not go on.
    const [placed] = await attemptsOf(database, leadId);
    await deliver(api, unansweredCallReport(placed.vapi_call_id!, number, { leadId }));
    await sleep(2_500);
    expect(postsFor(number)).toHaveLength(1);
    expect((await attemptsOf(database, leadId)).map(({ state }) => state)).toEqual(['unanswered']);
    expect(await timeline(api, leadId)).toContain("The agent's calls stopped: Marked Do Not Call");
  });

  it('a staff call stops the cadence and cancels the waiting attempt', async () => {
    const number = '+919860001003';
    const leadId = await createLead(api, 'Sneha Kulkarni', number);
    const cadenceId = await openCadence(database, leadId, new Date(Date.now() + 60 * 60_000));
    const called = await fetch(`${api.url}/api/calls`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ leadId }) });
    expect(called.status).toBe(201);
    expect(await cadenceOf(database, cadenceId)).toEqual({ state: 'stopped', stop_reason: 'Called by staff' });
    expect((await attemptsOf(database, leadId)).map(({ state }) => state)).toEqual(['cancelled']);
    expect(await timeline(api, leadId)).toEqual(["The agent's calls stopped: Called by staff (attempt 1 cancelled)"]);
  });

  it('outside calling hours: the attempt is scheduled for the next allowed time, not dialled, and the timeline says why', async () => {
    await api.stop();
    // A one-minute window twelve hours from now in APP_TIME_ZONE: now is outside it.
    const hour = (DateTime.now().setZone('Asia/Kolkata').hour + 12) % 24;
    const window = `${String(hour).padStart(2, '0')}:00-${String(hour).padStart(2, '0')}:01`;
    api = await startApi({ entry: 'source', env: env({ CALLING_HOURS: window }) });
    try {
      const number = '+919860001004';
      const leadId = await createLead(api, 'Imran Qureshi', number);
      await openCadence(database, leadId, new Date());
      expect(await eventually(async () => (await attemptsOf(database, leadId)).some((row) => row.note !== null))).toBe(true);
      await sleep(1_500);
      expect(postsFor(number)).toHaveLength(0);
      const [attempt] = await attemptsOf(database, leadId);
      expect(attempt.state).toBe('scheduled');
      expect(new Date(attempt.due_at).getTime()).toBeGreaterThan(Date.now());
      expect(attempt.note).toMatch(/^Outside calling hours/);
      const texts = await timeline(api, leadId);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(new RegExp(`^The agent's call waits \\(attempt 1 of 5\\): Outside calling hours \\(${window} Asia/Kolkata\\)\\. Next allowed time: `));
    } finally {
      await api.stop();
      api = await startApi({ entry: 'source', env: env() });
    }
  });

  it('SIGKILL between a lead arriving and its call: after a restart, exactly one call', async () => {
    const number = '+919860001005';
    const leadId = await createLead(api, 'Farah Khan', number);
    await openCadence(database, leadId, new Date(Date.now() + 2_000));
    await api.kill('SIGKILL');
    api = await startApi({ entry: 'source', env: env() });
    expect(await eventually(async () => (await attemptsOf(database, leadId)).some((row) => row.state === 'placed'))).toBe(true);
    await sleep(3_000);
    expect(postsFor(number)).toHaveLength(1);
    expect((await attemptsOf(database, leadId)).map(({ state }) => state)).toEqual(['placed']);
  });

  it('SIGKILL while Vapi holds its answer to POST /call: reconciled with GET /call, never dialled twice', async () => {
    const number = '+919860001006';
    const leadId = await createLead(api, 'Arjun Nair', number);
    fake.behaviour = 'held';
    try {
      const arrived = fake.nextRequest();
      await openCadence(database, leadId, new Date());
      const request = await arrived;
      expect(request.path).toBe('/call');
      await api.kill('SIGKILL');
      // The call exists at Vapi; the dead process never learnt its id.
      expect((await attemptsOf(database, leadId)).map(({ state, vapi_call_id }) => [state, vapi_call_id])).toEqual([['dialing', null]]);
    } finally {
      fake.behaviour = 'success';
      fake.release();
    }
    api = await startApi({ entry: 'source', env: env() });
    expect(await eventually(async () => (await attemptsOf(database, leadId)).some((row) => row.state === 'placed'))).toBe(true);
    await sleep(2_500);
    expect(postsFor(number)).toHaveLength(1);
    const [attempt] = await attemptsOf(database, leadId);
    expect(attempt.vapi_call_id).toBe(postsFor(number)[0].callId);
    const lists = fake.requests.filter(({ method, path }) => method === 'GET' && path === '/call');
    expect(lists.length).toBeGreaterThan(0);
    expect(new URLSearchParams(lists[0].search).get('phoneNumberId')).toBe('phone-number-1');
    expect(await timeline(api, leadId)).toEqual(['The agent called (attempt 1 of 5)']);
  });
});

describe('the agent callback cadence with two API processes on one PostgreSQL', () => {
  const fake = new FakeVapiServer();
  const processes = new ApiProcesses();

  beforeAll(async () => {
    await fake.start();
    await processes.start(2, {
      AUTH_MODE: 'open',
      LOG_LEVEL: 'warn',
      VAPI_API_URL: fake.url,
      VAPI_PRIVATE_KEY: 'private-key',
      VAPI_ASSISTANT_ID: 'assistant-1',
      VAPI_PHONE_NUMBER_ID: 'phone-number-1',
      CALLING_HOURS: '00:00-24:00',
      CALLBACK_CADENCE: CADENCE,
      JOB_LEASE_SECONDS: '1',
      VAPI_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await processes.stop();
    await fake.stop();
  });

  it('every due attempt is dialled exactly once', async () => {
    const [first] = processes.apis;
    const leadIds: string[] = [];
    for (let i = 0; i < 30; i += 1) leadIds.push(await createLead(first, `Caller ${i}`, `+91986100${String(1000 + i)}`));
    // All due at the same moment: both processes race for every one.
    const dueAt = new Date(Date.now() + 1_500);
    for (const leadId of leadIds) await openCadence(processes.database, leadId, dueAt);

    const placed = async () =>
      Number((await queryRows<{ placed: string }>(processes.database, `SELECT COUNT(*) AS placed FROM call_attempts WHERE state = 'placed'`))[0].placed);
    expect(await eventually(async () => (await placed()) === 30)).toBe(true);
    await sleep(2_500);
    const dialled = fake.requests.filter(({ method, path }) => method === 'POST' && path === '/call').map(({ body }) => (body as { customer: { number: string } }).customer.number);
    expect(dialled).toHaveLength(30);
    expect(new Set(dialled).size).toBe(30);
    const calls = await queryRows<{ calls: string }>(processes.database, `SELECT COUNT(DISTINCT vapi_call_id) AS calls FROM call_attempts WHERE vapi_call_id IS NOT NULL`);
    expect(Number(calls[0].calls)).toBe(30);
  });
});
