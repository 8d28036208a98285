import { FakeWhatsappCloudApi, whatsappMessageDelivery } from '@lead-desk/test-support';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows } from './support/database-rows';
import { startTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until, whatsappEnv, WHATSAPP_TEST_SETTINGS } from './support/whatsapp-app';

jest.setTimeout(120_000);

/**
 * Two API processes on one PostgreSQL, both receiving WhatsApp's deliveries and both running the
 * outbox: a message delivered to each at once is applied once, and a message queued for the outbox
 * (a STOP's confirmation) reaches WhatsApp once.
 */
describe('WhatsApp with two API processes on postgresql', () => {
  const cloudApi = new FakeWhatsappCloudApi(WHATSAPP_TEST_SETTINGS);
  let database: TestDatabase;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    await cloudApi.start();
    database = await createTestDatabase('postgresql');
    const env = whatsappEnv(cloudApi);
    apps.push(await startTestApp('postgresql', env, database));
    apps.push(await startTestApp('postgresql', env, database));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    await cloudApi.stop();
  });

  const webhookOf = (app: TestApp) => `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}/api/webhooks/whatsapp`;

  it('applies a message delivered to both processes at once once, and sends a STOP’s confirmation once', async () => {
    const lead = await apps[0].http.post('/api/leads').send({ name: 'Farah Khan', phone: '+919866600001' }).expect(201);
    await apps[0].http.post(`/api/leads/${lead.body._id}/consents`).send({ purpose: 'whatsapp', wording: 'Yes', note: 'On a visit' }).expect(201);
    const stop = whatsappMessageDelivery(WHATSAPP_TEST_SETTINGS, { from: '919866600001', id: 'wamid.stop-both', at: new Date(), text: 'STOP' });
    const statuses = await Promise.all(
      apps.map((app) => {
        cloudApi.webhookUrl = webhookOf(app);
        return cloudApi.post(stop);
      }),
    );
    expect(statuses).toEqual([200, 200]);
    await until(() => Promise.resolve(cloudApi.sentTo('919866600001').length), (count) => count >= 1, 'the confirmation');
    await sleep(2_000);
    expect(cloudApi.sentTo('919866600001')).toHaveLength(1);
    const rows = await queryRows<{ direction: string }>(database, `SELECT direction FROM whatsapp_messages WHERE lead_id = '${lead.body._id}' ORDER BY direction`);
    expect(rows.map(({ direction }) => direction)).toEqual(['inbound', 'outbound']);
    expect(await queryRows(database, `SELECT id FROM lead_activities WHERE lead_id = '${lead.body._id}' AND type = 'consent_withdrawn'`)).toHaveLength(1);
  });
});
