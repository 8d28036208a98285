import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startApi, type ProcessExit, type ServerProcess } from '@lead-desk/test-support';
import { endOfCallReport } from './fixtures/vapi-messages';
import { jobEnded } from './support/bulk-jobs';
import { queryRows } from './support/database-rows';
import { expectEachRowImportedOnce, IMPORT_ROWS, JOB_TEST_BATCH, oneBatchDone, readJobOf, startImport, storedJob } from './support/job-processes';
import { connectionRefused, startSlowRequest } from './support/slow-request';
import { SseClient } from './support/sse-client';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

jest.setTimeout(120_000);

const DRAIN_SECONDS = 2;
const SHUTTING_DOWN = { statusCode: 503, error: 'Service Unavailable', message: 'This instance is shutting down: send requests to another.', status: 'shutting-down' };

interface Probe {
  at: number;
  status?: number;
  body?: unknown;
  error?: string;
}

/**
 * Asks for readiness every 200 ms on one kept-alive connection, as a load balancer does: a
 * connection reused at intervals shorter than the server's keep-alive timeout kept an API process
 * from ever exiting after SIGTERM (Node's server.close() serves kept-alive connections on).
 */
function probeReadiness(url: string): { probes: Probe[]; stop: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const probes: Probe[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      probes.push(
        await new Promise<Probe>((resolve) => {
          const outgoing = get(`${url}/api/health/ready`, { agent }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ at: performance.now(), status: response.statusCode, body: JSON.parse(body) as unknown }));
          });
          outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ at: performance.now(), error: error.code ?? error.message }));
        }),
      );
      await sleep(200);
    }
    agent.destroy();
  })();
  return { probes, stop: () => (stopped = true) };
}

describe.each(PROVIDERS)('graceful shutdown on %s (real processes)', (provider) => {
  let database: TestDatabase;
  let api: ServerProcess | undefined;
  // Its log outlives it: what it said while shutting down is read after it exited.
  let logDir: string;

  beforeEach(async () => {
    database = await createTestDatabase(provider);
    logDir = mkdtempSync(join(tmpdir(), 'lead-desk-shutdown-'));
  });
  afterEach(async () => {
    // A test that failed half-way leaves no process behind.
    await api?.kill('SIGKILL');
    api = undefined;
    await database.drop();
    rmSync(logDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) => startApi({ entry: 'source', env: { DATABASE_URL: database.url, AUTH_MODE: 'open', ...env }, logFile: join(logDir, 'api.log') });

  it('on SIGTERM: not ready during the drain, then ends the live stream, refuses new connections, answers the webhook in flight, stores it and exits 0', async () => {
    api = await start({ SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const { url } = api;
    expect(await (await fetch(`${url}/api/health/ready`)).json()).toEqual({ status: 'ready', database: provider });
    const stream = await SseClient.connect(`${url}/api/events`);
    const readiness = probeReadiness(url);
    const callId = `graceful-${provider}`;
    // One kept-alive connection, as a browser's: the webhook in flight, then the event stream reconnecting on it.
    const browser = new Agent({ keepAlive: true, maxSockets: 1 });
    const webhook = await startSlowRequest(
      `${url}/api/webhooks/vapi`,
      'POST',
      { 'Content-Type': 'application/json' },
      Buffer.from(JSON.stringify(endOfCallReport({ callId, number: '+919860000777' }))),
      browser,
    );
    // The server has read the webhook's headers (it answers another request after them): the webhook is in flight.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await sleep(300);

    const signalledAt = performance.now();
    let exited: (ProcessExit & { at: number }) | undefined;
    const exit = api.kill('SIGTERM').then((result) => (exited = { ...result, at: performance.now() }));

    // The stream lasts through the drain and ends when the port closes.
    const streamEndedAt = await stream.ended(DRAIN_SECONDS * 1000 + 10_000);
    expect(streamEndedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
    expect(await connectionRefused(url)).toBe(true);
    // The webhook still waits for the rest of its body: the process waits with it.
    await sleep(500);
    expect(exited).toBeUndefined();

    webhook.finish();
    const answer = await webhook.answer;
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({ status: 200, body: { received: true, stored: true, processed: true } });
    // A reconnection on that connection (EventSource's, every 3 s) is not served: before, it was, and the process never exited.
    const reconnection = await new Promise<string>((resolve) => {
      const outgoing = get(`${url}/api/events`, { agent: browser }, (response) => resolve(`answered ${response.statusCode}`));
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    browser.destroy();
    expect(reconnection).toBe('ECONNREFUSED');
    await exit;
    readiness.stop();
    expect(exited).toMatchObject({ code: 0, signal: null });
    // Promptly: nothing (the idle kept-alive connection, the ended stream) held it open after the last answer.
    expect(exited!.at - streamEndedAt).toBeLessThan(10_000);

    // Readiness turned 503 during the drain (the port still answering), and the kept-alive connection closed with the port.
    const afterSignal = readiness.probes.filter((probe) => probe.at > signalledAt + 500);
    const answered = afterSignal.filter((probe) => probe.status !== undefined);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((probe) => [probe.status, probe.body])).toEqual(answered.map(() => [503, { ...SHUTTING_DOWN, database: provider }]));
    expect(answered.every((probe) => probe.at < streamEndedAt + 500)).toBe(true);
    expect(afterSignal.at(-1)?.error).toBe('ECONNREFUSED');

    // The webhook's effect is stored.
    expect(await queryRows<{ vapi_call_id: string }>(database, `SELECT vapi_call_id FROM calls WHERE vapi_call_id = '${callId}'`)).toEqual([{ vapi_call_id: callId }]);
    const output = api.output();
    expect(output).toContain('SIGTERM: not ready any more; the port closes in 2 s');
    expect(output).toContain('POST /api/webhooks/vapi');
    expect(output).toContain('Shut down: every request answered, background work stopped, database closed');
    api = undefined;
  });

  it('lets the job batch in progress commit and exits 0 without an error; the next process finishes the job, each row once', async () => {
    const jobEnv = { LOG_LEVEL: 'warn', JOB_BATCH_SIZE: String(JOB_TEST_BATCH), JOB_LEASE_SECONDS: '2' };
    api = await start(jobEnv);
    const jobId = await startImport(api);
    await oneBatchDone(api, jobId);
    expect(await api.stop()).toEqual({ code: 0, signal: null });
    // Nothing failed on the way out (no batch cut off by the database closing under it).
    expect(api.output().split('\n').filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    const stopped = await storedJob(database, jobId);
    expect(stopped.status).toBe('running');
    expect(stopped.processed).toBeLessThan(IMPORT_ROWS);
    // Whole batches only: the cursor is the last line committed (the header is line 1).
    expect(stopped.cursor).toBe(String(stopped.processed + 1));

    api = await start(jobEnv);
    await expectEachRowImportedOnce(database, await jobEnded(readJobOf(api), jobId, 60_000));
  });

  it('exits 1 past SHUTDOWN_TIMEOUT_SECONDS, naming the request still in flight', async () => {
    api = await start({ SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const webhook = await startSlowRequest(
      `${api.url}/api/webhooks/vapi`,
      'POST',
      { 'Content-Type': 'application/json' },
      Buffer.from(JSON.stringify(endOfCallReport({ callId: 'never-finished', number: '+919860000778' }))),
    );
    // The process exits under it: the connection drops without an answer.
    const dropped = webhook.answer.then(
      (answer) => `answered ${answer.status}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    await sleep(300);
    const signalledAt = performance.now();
    const exit = await api.kill('SIGTERM');
    const tookMs = performance.now() - signalledAt;
    const output = api.output();
    expect(exit).toEqual({ code: 1, signal: null });
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(10_000);
    expect(output).toMatch(/Shutdown did not finish within SHUTDOWN_TIMEOUT_SECONDS \(1 s\); still running: POST \/api\/webhooks\/vapi \(for \d+\.\d s\)/);
    // Its body never came: nothing was stored.
    expect(await dropped).toBe('ECONNRESET');
    expect(await queryRows(database, `SELECT vapi_call_id FROM calls`)).toEqual([]);
    api = undefined;
  });
});
