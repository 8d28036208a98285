import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { endOfCallReport } from '../fixtures/vapi-messages';
import { queryRows } from '../support/database-rows';
import { currentTestName, recordFigures } from '../support/reliability-figures';
import { createTestDatabase, PROVIDERS, type TestDatabase } from '../support/test-database';

const KILLS = 3;
const POSTERS = 8;
/** Deliveries acknowledged in a round before its SIGKILL. */
const ACKNOWLEDGED_PER_ROUND = 300;
const SECRET = 'crash-safety-secret';

type Outcome = number | 'no answer';

/** The report for delivery `n`: a call of its own from a caller of its own. */
function report(n: number) {
  return endOfCallReport({
    callId: `crash-${n}`,
    number: `+9197${String(n).padStart(8, '0')}`,
    structuredData: { name: `Crash Caller ${n}`, email: `caller${n}@crash.example.in`, qualified: n % 2 === 0 },
  });
}

async function deliver(api: ServerProcess, n: number): Promise<Outcome> {
  try {
    const response = await fetch(`${api.url}/api/webhooks/vapi`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': SECRET },
      body: JSON.stringify(report(n)),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    // Refused or cut off by the kill: the platform saw no answer and will retry.
    return 'no answer';
  }
}

describe.each(PROVIDERS)('crash safety on %s', (provider) => {
  let database: TestDatabase;
  let api: ServerProcess;
  // SQLite on a real disk: what survives a SIGKILL is what reached the file.
  beforeAll(async () => {
    database = await createTestDatabase(provider, tmpdir());
  });
  afterAll(async () => {
    await api?.kill('SIGKILL');
    await database.drop();
  });

  const env = () => ({ DATABASE_URL: database.url, VAPI_WEBHOOK_SECRET: SECRET, WEBHOOK_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' });

  it(`killed with SIGKILL ${KILLS} times while webhooks pour in: every acknowledged delivery is stored, and re-sending the rest completes the set once each`, async () => {
    const started = Date.now();
    const outcomes = new Map<number, Outcome>();
    let next = 0;
    api = await startApi({ env: env() });

    for (let round = 0; round < KILLS; round += 1) {
      let acknowledged = 0;
      let posting = true;
      // Posters keep going through the kill: some deliveries are cut off mid-request, some refused.
      const posters = Array.from({ length: POSTERS }, async () => {
        while (posting) {
          const n = (next += 1);
          const outcome = await deliver(api, n);
          outcomes.set(n, outcome);
          if (typeof outcome === 'number' && outcome < 300) acknowledged += 1;
          if (outcome === 'no answer') await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      while (acknowledged < ACKNOWLEDGED_PER_ROUND) await new Promise((resolve) => setTimeout(resolve, 10));
      await api.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      posting = false;
      await Promise.all(posters);
      api = await startApi({ env: env() });
    }

    const acknowledged = [...outcomes].filter(([, outcome]) => typeof outcome === 'number' && outcome < 300).map(([n]) => n);
    const processed = [...outcomes].filter(([, outcome]) => outcome === 200).map(([n]) => n);
    const unanswered = [...outcomes].filter(([, outcome]) => typeof outcome !== 'number' || outcome >= 300).map(([n]) => n);
    expect(unanswered.length).toBeGreaterThan(0);
    expect([...outcomes.values()].filter((outcome) => typeof outcome === 'number' && ![200, 202].includes(outcome))).toEqual([]);

    // After the restarts, before any retry: every acknowledged delivery is in the inbox, every processed one has its call.
    const inbox = new Set((await queryRows<{ vapi_call_id: string }>(database, 'SELECT vapi_call_id FROM webhook_events')).map((row) => row.vapi_call_id));
    expect(acknowledged.filter((n) => !inbox.has(`crash-${n}`))).toEqual([]);
    const calls = new Set((await queryRows<{ vapi_call_id: string }>(database, 'SELECT vapi_call_id FROM calls')).map((row) => row.vapi_call_id));
    expect(processed.filter((n) => !calls.has(`crash-${n}`))).toEqual([]);

    // The platform re-sends what got no 2xx; the replay command finishes anything stored but unprocessed.
    for (const n of unanswered) expect(await deliver(api, n)).toBe(200);
    const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, '../../dist/voice/cli/replay-webhooks.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/\d+ processed, 0 still failing\./);

    const delivered = outcomes.size;
    const callRows = await queryRows<{ vapi_call_id: string }>(database, "SELECT vapi_call_id FROM calls WHERE vapi_call_id LIKE 'crash-%'");
    expect(callRows).toHaveLength(delivered);
    expect(new Set(callRows.map((row) => row.vapi_call_id)).size).toBe(delivered);
    const [leads] = await queryRows<{ count: number | string }>(database, "SELECT COUNT(*) AS count FROM leads WHERE email LIKE '%@crash.example.in'");
    expect(Number(leads.count)).toBe(delivered);
    const [unprocessed] = await queryRows<{ count: number | string }>(database, 'SELECT COUNT(*) AS count FROM webhook_events WHERE processed_at IS NULL');
    expect(Number(unprocessed.count)).toBe(0);

    recordFigures({
      promise: 'Crash safety',
      test: currentTestName(),
      database: provider,
      figures: {
        kills: KILLS,
        deliveries: delivered,
        acknowledged: acknowledged.length,
        resent: unanswered.length,
        lost: 0,
        duplicates: 0,
        seconds: Math.round((Date.now() - started) / 1000),
      },
    });
  });
});
