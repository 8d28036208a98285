import { whatsappStatusDelivery } from '@lead-desk/test-support';
import { strFromU8, unzipSync } from 'fflate';
import { Database } from '../src/database/database';
import { RetentionPurge } from '../src/privacy/retention/retention-purge';
import { binaryBody } from './support/binary-body';
import { queryRows } from './support/database-rows';
import { PROVIDERS } from './support/test-database';
import { startWhatsappTestApp, until, WHATSAPP_TEST_SETTINGS, type WhatsappTestApp } from './support/whatsapp-app';

jest.setTimeout(120_000);

const DAY_MS = 86_400_000;

/** Erasure, the access archive and RETENTION_DAYS cover WhatsApp messages as they cover calls. */
describe.each(PROVIDERS)('WhatsApp messages and people’s rights on %s', (provider) => {
  let app: WhatsappTestApp;

  beforeAll(async () => {
    app = await startWhatsappTestApp(provider, { RETENTION_DAYS: '30' });
  });
  afterAll(() => app?.close());

  /** A person who wrote and got a reply: their lead, with both messages. */
  async function conversationWith(waId: string, words: string): Promise<string> {
    await app.cloudApi.personWrites({ from: waId, profileName: 'Rohan Mehta', text: words });
    const [lead] = await until(() => queryRows<{ id: string }>(app.database, `SELECT id FROM leads WHERE phone = '+${waId}'`), (rows) => rows.length === 1, 'the lead');
    await app.http.post(`/api/leads/${lead.id}/consents`).send({ purpose: 'whatsapp', wording: 'Yes', note: 'On WhatsApp' }).expect(201);
    await app.http.post(`/api/leads/${lead.id}/whatsapp/messages`).send({ text: `Replying to: ${words}` }).expect(201);
    return lead.id;
  }
  const messageRows = (leadId: string) => queryRows<{ id: string; body: string | null; direction: string }>(app.database, `SELECT id, body, direction FROM whatsapp_messages WHERE lead_id = '${leadId}' ORDER BY direction`);
  const deliveriesCarrying = (waId: string) => queryRows(app.database, `SELECT id FROM webhook_events WHERE channel = 'whatsapp' AND payload LIKE '%${waId}%'`);

  it('gives the person their WhatsApp messages in the access archive', async () => {
    await conversationWith('919855500001', 'Is parking included?');
    const archive = await app.http.post('/api/privacy/access').send({ phone: '+919855500001' }).buffer(true).parse(binaryBody).expect(200);
    const files = unzipSync(new Uint8Array(archive.body as Buffer));
    const person = JSON.parse(strFromU8(files['person.json'])) as { whatsappMessages: { direction: string; text: string }[] };
    expect(person.whatsappMessages.map(({ direction, text }) => `${direction}: ${text}`)).toEqual(['inbound: Is parking included?', 'outbound: Replying to: Is parking included?']);
    expect(strFromU8(files['whatsapp-messages.csv'])).toContain('Is parking included?');
  });

  it('erases the person’s WhatsApp messages and every delivery that carried their number, a status not applied yet included', async () => {
    const leadId = await conversationWith('919855500002', 'Please call me');
    // A status naming no message of ours: stored, tied to no lead, only its recipient's digits say whose it is.
    await app.cloudApi.post(whatsappStatusDelivery(WHATSAPP_TEST_SETTINGS, { id: 'wamid.sent-elsewhere', status: 'delivered', recipientId: '919855500002', at: new Date() }));
    await until(() => deliveriesCarrying('919855500002'), (rows) => rows.length >= 3, 'the message, the sent status and the stray status stored');
    expect(await messageRows(leadId)).toHaveLength(2);
    const erased = await app.http.post('/api/privacy/erasure').send({ phone: '+919855500002', requestedBy: 'The person, on WhatsApp' }).expect(200);
    expect(erased.body.records.deleted).toMatchObject({ whatsapp_messages: 2 });
    expect(await messageRows(leadId)).toEqual([]);
    expect(await deliveriesCarrying('919855500002')).toEqual([]);
  });

  it('purges what messages older than RETENTION_DAYS said, on the message, its timeline entry and its delivery, and keeps the rest', async () => {
    const oldLead = await conversationWith('919855500003', 'My budget is 80 lakh');
    const newLead = await conversationWith('919855500004', 'My budget is 1 crore');
    await until(() => deliveriesCarrying('919855500003'), (rows) => rows.length >= 2, 'the deliveries stored');
    const client = app.app.get(Database).client;
    // As if the first conversation had been 31 days ago.
    const monthAgo = new Date(Date.now() - 31 * DAY_MS);
    await client.whatsappMessage.updateMany({ where: { leadId: oldLead }, data: { sentAt: monthAgo } });
    await client.webhookEvent.updateMany({ where: { channel: 'whatsapp', payload: { contains: '919855500003' } }, data: { receivedAt: monthAgo } });

    const outcome = await app.app.get(RetentionPurge).purge(new Date());
    expect(outcome.whatsappMessages).toBe(2);
    expect((await messageRows(oldLead)).map(({ body }) => body)).toEqual([null, null]);
    expect((await messageRows(newLead)).map(({ body }) => body)).toEqual(['My budget is 1 crore', 'Replying to: My budget is 1 crore']);
    const timeline = (await app.http.get(`/api/leads/${oldLead}/activity`).expect(200)).body as { type: string; data: { text?: string | null; whatsappMessageIds?: string[] } }[];
    expect(timeline.filter(({ type }) => type === 'whatsapp_message').map(({ data }) => data.text)).toEqual([null, null]);
    expect(timeline.find(({ type }) => type === 'retention_purged')?.data.whatsappMessageIds).toHaveLength(2);
    expect(JSON.stringify(timeline)).not.toContain('80 lakh');
    expect(await deliveriesCarrying('919855500003')).toEqual([]);
    expect((await deliveriesCarrying('919855500004')).length).toBeGreaterThan(0);
    const listed = (await app.http.get(`/api/leads/${oldLead}/whatsapp/messages`).expect(200)).body as { text: string | null; status: string }[];
    expect(listed.map(({ text }) => text)).toEqual([null, null]);
  });
});
