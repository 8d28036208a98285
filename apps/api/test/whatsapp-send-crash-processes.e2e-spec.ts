import { FakeWhatsappCloudApi, startApi, type ServerProcess } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { VISIT_CONFIRMATION } from './fixtures/whatsapp-templates';
import { queryRows } from './support/database-rows';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until, whatsappEnv, WHATSAPP_TEST_SETTINGS } from './support/whatsapp-app';

jest.setTimeout(240_000);

const LEADS = 4;
const MINUTE = 60_000;
/** The outbox's lease with JOB_LEASE_SECONDS=1: a send no status settled by then would be sent again. */
const LEASE_MS = 11_000;

async function call(api: ServerProcess, method: string, path: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${api.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Two API processes on one PostgreSQL, both running the outbox and the visit reminders. Each
 * booked visit's confirmation reaches WhatsApp, which holds its answer; every process holding
 * one is killed with SIGKILL mid-send and started again. WhatsApp's statuses (to the other
 * process, or stored by it before the kill) settle the interrupted sends: each visit's
 * confirmation and, later, its reminder reach WhatsApp exactly once.
 */
describe('automatic WhatsApp messages when a process is killed mid-send, two processes on postgresql', () => {
  const cloudApi = new FakeWhatsappCloudApi(WHATSAPP_TEST_SETTINGS);
  let database: TestDatabase;
  const apis: ServerProcess[] = [];
  const env = () => ({ ...whatsappEnv(cloudApi), DATABASE_URL: database.url, AUTH_MODE: 'open', LOG_LEVEL: 'warn', CALLING_HOURS: '00:00-24:00', JOB_LEASE_SECONDS: '1' });
  const start = () => startApi({ entry: 'source', env: env() });

  beforeAll(async () => {
    await cloudApi.start();
    database = await createTestDatabase('postgresql');
    apis.push(await start());
    apis.push(await start());
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
    await cloudApi.stop();
  });

  it('sends each event’s message once after the process holding its send was killed', async () => {
    cloudApi.webhookUrl = `${apis[1].url}/api/webhooks/whatsapp`;
    cloudApi.approveTemplate({ name: 'visit_confirmation', language: 'en', bodyParameters: 5 });
    cloudApi.approveTemplate({ name: 'visit_reminder', language: 'en', bodyParameters: 1 });
    expect((await call(apis[0], 'POST', '/api/whatsapp/templates', VISIT_CONFIRMATION)).status).toBe(201);
    expect((await call(apis[0], 'POST', '/api/whatsapp/templates', { name: 'visit_reminder', language: 'en', variables: [{ key: 'when', source: 'visit.time' }] })).status).toBe(201);
    const settings = await call(apis[0], 'PUT', '/api/settings/whatsapp-automatic', {
      callbackMissed: { enabled: false, template: null },
      visitConfirmation: { enabled: true, template: 'visit_confirmation' },
      visitReminder: { enabled: true, template: 'visit_reminder', minutesBefore: 5 },
    });
    expect(settings.status).toBe(200);

    cloudApi.behaviour = 'held-answer';
    const waIds: string[] = [];
    for (let i = 0; i < LEADS; i += 1) {
      const api = apis[i % 2];
      const waId = `91987770000${i}`;
      const lead = await call(api, 'POST', '/api/leads', { name: `Ishaan Rao ${i}`, phone: `+${waId}` });
      expect((await call(api, 'POST', `/api/leads/${String(lead.body._id)}/consents`, { purpose: 'whatsapp', wording: 'Yes', note: 'At the office' })).status).toBe(201);
      // The reminder comes due about half a minute later, after the restart.
      expect((await call(api, 'POST', '/api/tasks', { leadId: lead.body._id, type: 'site_visit', dueAt: new Date(Date.now() + 5 * MINUTE + 30_000).toISOString(), propertyId: 1 })).status).toBe(201);
      waIds.push(waId);
    }
    // WhatsApp took every confirmation and reported it; the answers are held.
    await until(() => Promise.resolve(cloudApi.sent.length), (count) => count === LEADS, 'the confirmations at WhatsApp');
    await until(() => Promise.resolve(cloudApi.webhookPosts.filter(({ status }) => status === 200).length), (count) => count >= LEADS, 'their statuses stored');

    const holders = await queryRows<{ claimed_by: string }>(database, `SELECT DISTINCT claimed_by FROM whatsapp_messages WHERE direction = 'outbound'`);
    const killed = apis.map((api, index) => ({ api, index })).filter(({ api }) => holders.some(({ claimed_by }) => claimed_by.includes(`:${api.pid}:`)));
    expect(killed.length).toBeGreaterThan(0);
    for (const { api } of killed) expect((await api.kill('SIGKILL')).signal).toBe('SIGKILL');
    cloudApi.behaviour = 'success';
    for (const { index } of killed) apis[index] = await start();
    cloudApi.webhookUrl = `${apis[1].url}/api/webhooks/whatsapp`;

    await until(() => Promise.resolve(cloudApi.sent.length), (count) => count >= 2 * LEADS, 'the reminders at WhatsApp', 90_000);
    // Past the lease of every interrupted send: none is sent again.
    await sleep(LEASE_MS + 2_000);
    for (const waId of waIds) expect(cloudApi.sentTo(waId).map(({ body }) => (body.template as { name: string }).name).sort()).toEqual(['visit_confirmation', 'visit_reminder']);
    const keys = cloudApi.sent.map(({ bizOpaqueCallbackData }) => bizOpaqueCallbackData);
    expect(new Set(keys).size).toBe(2 * LEADS);
    const rows = await queryRows<{ event_key: string; status: string }>(database, `SELECT event_key, status FROM whatsapp_messages WHERE direction = 'outbound' ORDER BY event_key`);
    expect(rows).toHaveLength(2 * LEADS);
    for (const row of rows) expect(row.status).toBe('sent');
  });
});
