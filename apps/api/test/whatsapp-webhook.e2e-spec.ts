import { metaSignature, whatsappMessageDelivery, whatsappStatusDelivery } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows } from './support/database-rows';
import { SseClient } from './support/sse-client';
import { signIn, signedInAgent, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';
import { startWhatsappTestApp, until, WHATSAPP_TEST_SETTINGS, WHATSAPP_VERIFY_TOKEN, type WhatsappTestApp } from './support/whatsapp-app';

jest.setTimeout(120_000);

/** A stored time as ISO 8601 in UTC: PostgreSQL's driver gives a Date, SQLite the text Prisma wrote. */
const timeOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * The WhatsApp webhook against the real app and a fake Cloud API posting signed deliveries: the
 * handshake, the signature checked before the body is read, each message and status stored once
 * before its effects, a person's first message making their lead and later ones landing on it.
 */
describe.each(PROVIDERS)('WhatsApp webhook on %s', (provider) => {
  let app: WhatsappTestApp;

  beforeAll(async () => {
    app = await startWhatsappTestApp(provider);
  });
  afterAll(() => app?.close());

  const inbox = () =>
    queryRows<{ external_id: string; type: string; processed_at: unknown; lead_id: string | null; attempts: number }>(
      app.database,
      `SELECT external_id, type, processed_at, lead_id, attempts FROM webhook_events WHERE channel = 'whatsapp' ORDER BY received_at, external_id`,
    );
  const messagesOf = (leadId: string) =>
    queryRows<{ id: string; direction: string; body: string | null; sent_at: unknown; wa_message_id: string; status: string }>(
      app.database,
      `SELECT id, direction, body, sent_at, wa_message_id, status FROM whatsapp_messages WHERE lead_id = '${leadId}' ORDER BY sent_at`,
    );
  const leadsWithPhone = (phone: string) => queryRows<{ id: string; name: string; source: string }>(app.database, `SELECT id, name, source FROM leads WHERE phone = '${phone}'`);
  const timeline = async (leadId: string) => (await app.http.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; data: Record<string, unknown> }[];

  it('answers Meta’s verification handshake with the challenge as text, and a wrong token with 403 naming the variable', async () => {
    const good = await fetch(`${app.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await good.text()).toBe('1158201444');
    const wrong = await fetch(`${app.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=not-it&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: 'hub.verify_token does not match WHATSAPP_VERIFY_TOKEN' });
  });

  it('refuses a delivery signed with another secret (403), over other bytes (403) or unsigned (401): nothing stored, each counted against the whatsapp source', async () => {
    const delivery = whatsappMessageDelivery(WHATSAPP_TEST_SETTINGS, { from: '919811100001', id: 'wamid.forged-1', at: new Date(), text: 'Hello' });
    const body = JSON.stringify(delivery);
    expect(await app.cloudApi.post(delivery, metaSignature(body, 'another-secret'))).toBe(403);
    expect(await app.cloudApi.post(delivery, metaSignature(`${body} `, WHATSAPP_TEST_SETTINGS.appSecret))).toBe(403);
    expect(await app.cloudApi.post(delivery, null)).toBe(401);
    await sleep(300);
    expect(await inbox()).toEqual([]);
    expect(await leadsWithPhone('+919811100001')).toEqual([]);
    const [refusal] = await queryRows<{ reason: string; count: number; last_error: string }>(app.database, `SELECT reason, count, last_error FROM lead_source_refusals WHERE source_id = 'source-whatsapp'`);
    expect(refusal).toEqual({ reason: 'bad_signature', count: 3, last_error: 'Missing or malformed X-Hub-Signature-256 header' });
  });

  it('makes a lead of the whatsapp source for a number no lead has, named as their profile, the message on its timeline with Meta’s timestamp', async () => {
    const at = new Date('2026-11-27T10:15:30.000Z');
    const events = await SseClient.connect(`${app.url}/api/events`);
    const { id, status } = await app.cloudApi.personWrites({ from: '919811100002', at, profileName: 'Ananya Rao', text: 'Is the 2BHK in Baner still available?' });
    expect(status).toBe(200);
    const [lead] = await until(() => leadsWithPhone('+919811100002'), (rows) => rows.length > 0, 'the lead');
    expect(lead).toMatchObject({ name: 'Ananya Rao', source: 'whatsapp' });
    const [message] = await until(() => messagesOf(lead.id), (rows) => rows.length > 0, 'the message');
    expect(message).toMatchObject({ direction: 'inbound', body: 'Is the 2BHK in Baner still available?', wa_message_id: id, status: 'received' });
    expect(timeOf(message.sent_at)).toBe(at.toISOString());
    const entries = await timeline(lead.id);
    expect(entries.find(({ type }) => type === 'whatsapp_message')?.data).toEqual({
      messageId: message.id,
      direction: 'inbound',
      type: 'text',
      text: 'Is the 2BHK in Baner still available?',
      template: null,
      sentAt: at.toISOString(),
    });
    expect(entries.map(({ type }) => type)).toEqual(expect.arrayContaining(['created', 'arrived', 'whatsapp_message']));
    const live = await events.next(({ event, data }) => event === 'whatsapp.message' && (data as { id: string }).id === message.id);
    expect(live.data).toMatchObject({ leadId: lead.id, direction: 'inbound', text: 'Is the 2BHK in Baner still available?', sentAt: at.toISOString(), status: 'received' });
    events.disconnect();
    expect(await inbox()).toEqual([expect.objectContaining({ external_id: id, type: 'message', lead_id: lead.id, attempts: 1 })]);
  });

  it('lands a known number’s message on its lead (the oldest with the number), whatever its profile name, making no other lead', async () => {
    const created = await app.http.post('/api/leads').send({ name: 'Vikram Sethi', phone: '+91 98111 00003', source: 'web form' }).expect(201);
    await app.cloudApi.personWrites({ from: '919811100003', profileName: 'Vicky 🏠', text: 'Call me after 6' });
    const [message] = await until(() => messagesOf(created.body._id), (rows) => rows.length > 0, 'the message on the known lead');
    expect(message.body).toBe('Call me after 6');
    expect(await leadsWithPhone('+919811100003')).toEqual([expect.objectContaining({ id: created.body._id, name: 'Vikram Sethi', source: 'web form' })]);
  });

  it('applies a delivery Meta sends again once: one message, one timeline entry, one inbox row', async () => {
    const delivery = whatsappMessageDelivery(WHATSAPP_TEST_SETTINGS, { from: '919811100004', id: 'wamid.twice-1', at: new Date(), profileName: 'Meera Iyer', text: 'Hi' });
    expect(await app.cloudApi.post(delivery)).toBe(200);
    const [lead] = await until(() => leadsWithPhone('+919811100004'), (rows) => rows.length > 0, 'the lead');
    await until(() => messagesOf(lead.id), (rows) => rows.length > 0, 'the message');
    expect(await app.cloudApi.post(delivery)).toBe(200);
    await Promise.all([app.cloudApi.post(delivery), app.cloudApi.post(delivery)]);
    await sleep(500);
    expect(await messagesOf(lead.id)).toHaveLength(1);
    expect((await timeline(lead.id)).filter(({ type }) => type === 'whatsapp_message')).toHaveLength(1);
    expect((await inbox()).filter(({ external_id }) => external_id === 'wamid.twice-1')).toHaveLength(1);
    expect(await leadsWithPhone('+919811100004')).toHaveLength(1);
  });

  it('keeps a status of no message of ours, and leaves it after a few tries', async () => {
    const status = whatsappStatusDelivery(WHATSAPP_TEST_SETTINGS, { id: 'wamid.not-ours', status: 'delivered', recipientId: '919811100005', at: new Date() });
    expect(await app.cloudApi.post(status)).toBe(200);
    const [row] = await until(
      () => inbox().then((rows) => rows.filter(({ external_id }) => external_id === 'wamid.not-ours:delivered')),
      (rows) => rows.length === 1 && rows[0].processed_at !== null,
      'the status left alone',
    );
    expect(row).toMatchObject({ type: 'status', lead_id: null, attempts: 3 });
  });

  it('refuses a signed delivery it cannot read with 400 naming the field, storing nothing', async () => {
    const delivery = whatsappStatusDelivery(WHATSAPP_TEST_SETTINGS, { id: 'wamid.bad', status: 'sent', recipientId: '919811100006', at: new Date() }) as { entry: { changes: { value: { statuses: { status: string }[] } }[] }[] };
    delivery.entry[0].changes[0].value.statuses[0].status = 'bounced';
    const body = JSON.stringify(delivery);
    const response = await fetch(app.cloudApi.webhookUrl!, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': metaSignature(body, WHATSAPP_TEST_SETTINGS.appSecret) }, body });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ field: 'entry.0.changes.0.value.statuses.0.status', message: 'must be sent, delivered, read or failed' }]);
    expect((await inbox()).filter(({ external_id }) => external_id.startsWith('wamid.bad'))).toEqual([]);
  });
});

describe.each(PROVIDERS)('WhatsApp messages reaching staff on %s', (provider) => {
  let app: WhatsappTestApp;
  let admin: StaffSession;
  let owner: StaffSession;
  let colleague: StaffSession;

  beforeAll(async () => {
    app = await startWhatsappTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(app, TEST_ADMIN);
    owner = await signedInAgent(app, admin, 'Ravi Kumar');
    colleague = await signedInAgent(app, admin, 'Meera Iyer');
  });
  afterAll(() => app?.close());

  it('tells the lead’s owner live that their lead wrote, and not a colleague', async () => {
    const lead = await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Sanjay Gupta', phone: '+919811100009' }).expect(201);
    await admin.agent.patch(`/api/leads/${lead.body._id}`).set('X-CSRF-Token', admin.csrf).send({ ownerId: owner.id }).expect(200);
    const ownerEvents = await SseClient.connect(`${app.url}/api/events`, { Cookie: owner.cookie });
    const colleagueEvents = await SseClient.connect(`${app.url}/api/events`, { Cookie: colleague.cookie });
    try {
      await app.cloudApi.personWrites({ from: '919811100009', text: 'Is the visit still on?' });
      const event = await ownerEvents.next(({ event }) => event === 'whatsapp.message');
      expect(event.data).toMatchObject({ leadId: lead.body._id, direction: 'inbound', text: 'Is the visit still on?' });
      // A change the colleague does see, after the message: by then its event would have reached them too.
      await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Marker Lead' }).expect(201);
      await colleagueEvents.next(({ event, data }) => event === 'lead.created' && (data as { name: string }).name === 'Marker Lead');
      expect(colleagueEvents.received().map(({ event }) => event)).toEqual(['lead.created']);
    } finally {
      ownerEvents.disconnect();
      colleagueEvents.disconnect();
    }
  });
});

describe.each(PROVIDERS)('WhatsApp webhook without its settings on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { WHATSAPP_APP_SECRET: 'only-the-secret' });
  });
  afterAll(() => testApp?.close());

  it('answers 404 naming the variables to set, for the handshake and for deliveries', async () => {
    const handshake = await testApp.http.get('/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1').expect(404);
    expect(handshake.body.message).toBe('WhatsApp is not configured: set WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_VERIFY_TOKEN.');
    const delivery = await testApp.http.post('/api/webhooks/whatsapp').set('X-Hub-Signature-256', `sha256=${'0'.repeat(64)}`).send({ object: 'whatsapp_business_account', entry: [] }).expect(404);
    expect(delivery.body.message).toMatch(/^WhatsApp is not configured/);
  });
});
