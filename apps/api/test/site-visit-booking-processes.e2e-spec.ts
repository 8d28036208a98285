import { FakeVapiServer } from '@lead-desk/test-support';
import { DateTime } from 'luxon';
import { ApiProcesses } from './support/api-processes';
import { executeScript, queryRows } from './support/database-rows';

jest.setTimeout(120_000);

const SECRET = 'booking-processes-secret';
const ZONE = 'Asia/Kolkata';
const CALLERS = 6;
const callerPhone = (i: number) => `+91987650${String(1000 + i)}`;

/**
 * Site visits booked by two API processes on one PostgreSQL, as instances behind a load
 * balancer: callers whose leads the same agent owns ask for the same 11:00 at the same moment,
 * through either process. One gets 11:00; every other is offered alternatives, and the agent
 * never has two visits at once.
 */
describe('site visits booked through two API processes on one PostgreSQL', () => {
  const vapi = new FakeVapiServer();
  const processes = new ApiProcesses();
  // Three days ahead, so the clock of the run never makes 11:00 too soon.
  const day = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
  const eleven = DateTime.fromISO(`${day}T11:00`, { zone: ZONE }).toJSDate();

  beforeAll(async () => {
    await vapi.start();
    await processes.start(2, { AUTH_MODE: 'open', LOG_LEVEL: 'warn', VAPI_WEBHOOK_SECRET: SECRET, CALLING_HOURS: '09:00-21:00', WORKING_HOURS: '09:00-18:00' });
    const leads = Array.from(
      { length: CALLERS },
      (_, i) => `('019ac000-0000-7000-8000-00000000010${i}', 'Caller ${i}', '${callerPhone(i)}', 'web form', 'stage-new', '019ac000-0000-7000-8000-000000000001', now(), now())`,
    );
    await executeScript(
      processes.database,
      `INSERT INTO staff_users (id, email, name, role, password_hash, phone, created_at, updated_at)
         VALUES ('019ac000-0000-7000-8000-000000000001', 'ravi@example.in', 'Ravi Kumar', 'agent', 'x', '+919800000011', now(), now());
       INSERT INTO leads (id, name, phone, source, stage_id, owner_id, created_at, updated_at) VALUES ${leads.join(', ')};`,
    );
  });

  afterAll(async () => {
    await processes.stop();
    await vapi.stop();
  });

  it(`books one 11:00 and offers the other ${CALLERS - 1} callers alternatives, never two visits at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, (_, i) =>
        vapi.sendToolCalls({ url: `${processes.apis[i % 2].url}/api/webhooks/vapi`, secret: SECRET }, { id: `call-${i}`, customerNumber: callerPhone(i) }, [
          { id: `tool-${i}`, name: 'book_site_visit', arguments: { propertyId: 1, preferredTime: `${day}T11:00` } },
        ]),
      ),
    );
    expect(answers.map(({ status }) => status)).toEqual(Array(CALLERS).fill(200));
    const results = answers.map(({ body }) => (body as { results: { result?: string }[] }).results[0].result ?? '');
    expect(results.filter((result) => result.startsWith('Booked: ') && result.includes('at 11 am'))).toHaveLength(1);
    const offered = results.filter((result) => result.startsWith('Not booked. That time is already taken'));
    expect(offered).toHaveLength(CALLERS - 1);
    expect(offered.every((result) => / at 10 am or .* at 12 noon\./.test(result))).toBe(true);

    const visits = await queryRows<{ due_at: Date; ends_at: Date }>(processes.database, `SELECT due_at, ends_at FROM tasks WHERE type = 'site_visit' ORDER BY due_at`);
    expect(visits.map(({ due_at }) => due_at)).toEqual([eleven]);
  });
});
