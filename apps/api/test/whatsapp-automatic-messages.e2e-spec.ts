import { FakeVapiServer } from '@lead-desk/test-support';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Database } from '../src/database/database';
import { unansweredCallReport } from './fixtures/vapi-messages';
import { VISIT_CONFIRMATION } from './fixtures/whatsapp-templates';
import { executeScript } from './support/database-rows';
import { PROVIDERS } from './support/test-database';
import { startWhatsappTestApp, until, type ConversationMessage as Message, type WhatsappTestApp } from './support/whatsapp-app';

jest.setTimeout(120_000);

const MINUTE = 60_000;
const OFF = { enabled: false, template: null };
const ALL_ON = {
  callbackMissed: { enabled: true, template: 'callback_missed', language: 'en' },
  visitConfirmation: { enabled: true, template: 'visit_confirmation', language: 'en' },
  visitReminder: { enabled: true, template: 'visit_reminder', language: 'en', minutesBefore: 5 },
};
/** Longer than a few rounds of the outbox and the reminders (each looks every second). */
const QUIET_MS = 2_500;
const sqlTime = (at: Date) => `'${at.toISOString().replace('Z', '+00:00')}'`;

/**
 * The automatic WhatsApp messages over HTTP, against the fake Cloud API: off until an admin turns
 * each on with a registered template; then one message per event (an unanswered attempt of the
 * agent's cadence, a booked visit, the reminder before it), with the template's variables filled
 * from the lead and that visit, on the lead's timeline; nothing without an opt-in (failed, saying
 * why); a moved visit reminded at its new time, a cancelled one not at all.
 */
describe.each(PROVIDERS)('automatic WhatsApp messages on %s', (provider) => {
  let app: WhatsappTestApp;
  let phones = 0;
  const vapi = new FakeVapiServer();

  beforeAll(async () => {
    await vapi.start();
    app = await startWhatsappTestApp(provider, { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    app.cloudApi.approveTemplate({ name: 'visit_confirmation', language: 'en', bodyParameters: 5 });
    app.cloudApi.approveTemplate({ name: 'visit_reminder', language: 'en', bodyParameters: 3 });
    app.cloudApi.approveTemplate({ name: 'callback_missed', language: 'en', bodyParameters: 1 });
    await app.http.post('/api/whatsapp/templates').send(VISIT_CONFIRMATION).expect(201);
    await app.http
      .post('/api/whatsapp/templates')
      .send({ name: 'visit_reminder', language: 'en', variables: [{ key: 'name', source: 'lead.name' }, { key: 'when', source: 'visit.time' }, { key: 'map', source: 'property.mapLink' }], body: 'Hi {{1}}, see you at {{2}}: {{3}}' })
      .expect(201);
    await app.http.post('/api/whatsapp/templates').send({ name: 'callback_missed', language: 'en', variables: [{ key: 'name', source: 'lead.name' }], body: 'Sorry we missed you, {{1}}!' }).expect(201);
  });
  afterAll(async () => {
    await app?.close();
    await vapi.stop();
  });
  afterEach(() => app.http.put('/api/settings/whatsapp-automatic').send({ callbackMissed: OFF, visitConfirmation: OFF, visitReminder: { ...OFF, minutesBefore: 120 } }).expect(200));

  async function newLead(options: { optIn?: boolean } = {}): Promise<{ id: string; waId: string }> {
    phones += 1;
    const waId = `9198444${String(phones).padStart(5, '0')}`;
    const lead = await app.http.post('/api/leads').send({ name: `Meera Joshi ${phones}`, phone: `+${waId}` }).expect(201);
    const id = lead.body._id as string;
    if (options.optIn ?? true) await app.http.post(`/api/leads/${id}/consents`).send({ purpose: 'whatsapp', wording: 'Yes, WhatsApp me', note: 'On the phone' }).expect(201);
    return { id, waId };
  }
  const turnOn = (settings: object = ALL_ON) => app.http.put('/api/settings/whatsapp-automatic').send(settings).expect(200);
  const bookVisit = (leadId: string, dueAt: Date) => app.http.post('/api/tasks').send({ leadId, type: 'site_visit', dueAt: dueAt.toISOString(), propertyId: 1 }).expect(201);
  const conversation = async (leadId: string) => (await app.http.get(`/api/leads/${leadId}/whatsapp/messages`).expect(200)).body as Message[];
  const templatesSentTo = (waId: string) => app.cloudApi.sentTo(waId).map(({ body }) => (body.template as { name: string }).name);

  it('is off until an admin turns each message on with a registered template, and names the field it refuses', async () => {
    const initial = await app.http.get('/api/settings/whatsapp-automatic').expect(200);
    expect(initial.body).toEqual({
      callbackMissed: { enabled: false, template: null, language: 'en' },
      visitConfirmation: { enabled: false, template: null, language: 'en' },
      visitReminder: { enabled: false, template: null, language: 'en', minutesBefore: 120 },
    });
    const noTemplate = await app.http.put('/api/settings/whatsapp-automatic').send({ ...ALL_ON, visitConfirmation: { enabled: true, template: null } }).expect(400);
    expect(noTemplate.body.errors).toEqual([{ field: 'visitConfirmation.template', message: 'is required to turn it on: the name of a registered template' }]);
    const unknown = await app.http.put('/api/settings/whatsapp-automatic').send({ ...ALL_ON, callbackMissed: { enabled: true, template: 'festive_offer' } }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'callbackMissed.template', message: 'is not a registered template in en: GET /api/whatsapp/templates lists them' }]);
    const noVisit = await app.http.put('/api/settings/whatsapp-automatic').send({ ...ALL_ON, callbackMissed: { enabled: true, template: 'visit_reminder' } }).expect(400);
    expect(noVisit.body.errors[0]).toEqual({ field: 'callbackMissed.template', message: 'has variables this message cannot fill by itself: when (visit.time), map (property.mapLink)' });
    const tooSoon = await app.http.put('/api/settings/whatsapp-automatic').send({ ...ALL_ON, visitReminder: { ...ALL_ON.visitReminder, minutesBefore: 2 } }).expect(400);
    expect(tooSoon.body.errors.map(({ field }: { field: string }) => field)).toEqual(['visitReminder.minutesBefore']);
    await turnOn();
    expect((await app.http.get('/api/settings/whatsapp-automatic').expect(200)).body).toEqual(ALL_ON);
  });

  it('sends nothing while off', async () => {
    const lead = await newLead();
    await bookVisit(lead.id, new Date(Date.now() + 5 * MINUTE + 1_500));
    await sleep(QUIET_MS + 1_500);
    expect(app.cloudApi.sentTo(lead.waId)).toEqual([]);
    expect(await conversation(lead.id)).toEqual([]);
  });

  it('confirms a booked visit once, with its address and map link, on the lead’s timeline', async () => {
    await turnOn();
    const lead = await newLead();
    await bookVisit(lead.id, new Date(Date.now() + 48 * 60 * MINUTE));
    await until(() => conversation(lead.id), (messages) => messages[0]?.status === 'sent', 'the confirmation');
    await sleep(QUIET_MS);
    const [message, ...others] = await conversation(lead.id);
    expect(others).toEqual([]);
    expect(message.template!.name).toBe('visit_confirmation');
    const [name, property, , address, map] = message.template!.variables;
    expect([name, property, address]).toEqual([expect.stringMatching(/^Meera Joshi \d+$/), 'Skyline Residency 2BHK', 'Site office, Skyline Residency 2BHK, Andheri West, Mumbai']);
    expect(map).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`);
    expect(templatesSentTo(lead.waId)).toEqual(['visit_confirmation']);
    const timeline = (await app.http.get(`/api/leads/${lead.id}/activity?limit=50`).expect(200)).body as { type: string; data: { template?: string; direction?: string } }[];
    expect(timeline.filter(({ type }) => type === 'whatsapp_message').map(({ data }) => [data.direction, data.template])).toEqual([['outbound', 'visit_confirmation']]);
  });

  it('confirms a visit the agent books during a call', async () => {
    await turnOn({ ...ALL_ON, visitReminder: { ...OFF, minutesBefore: 120 } });
    const prisma = app.app.get(Database).client;
    const owner = await prisma.staffUser.create({ data: { email: `ravi-${provider}@example.in`, name: 'Ravi Kumar', role: 'agent', passwordHash: 'x', phone: '+919800000011' } });
    const lead = await newLead();
    await prisma.lead.update({ where: { id: lead.id }, data: { ownerId: owner.id } });
    const booked = await vapi.sendToolCalls({ url: `${app.url}/api/webhooks/vapi` }, { id: `call-${randomUUID()}`, customerNumber: `+${lead.waId}` }, [
      { id: `tool-${randomUUID()}`, name: 'book_site_visit', arguments: { propertyId: 1, preferredTime: 'tomorrow 11 am' } },
    ]);
    expect((booked.body as { results: { result?: string }[] }).results[0].result).toMatch(/^Booked: a site visit to Skyline Residency 2BHK/);
    const [message] = await until(() => conversation(lead.id), (messages) => messages[0]?.status === 'sent', 'the agent’s booking’s confirmation');
    expect(message.template).toMatchObject({ name: 'visit_confirmation', variables: [expect.stringMatching(/^Meera Joshi/), 'Skyline Residency 2BHK', expect.stringContaining('11:00'), expect.any(String), expect.any(String)] });
    await sleep(QUIET_MS);
    expect(templatesSentTo(lead.waId)).toEqual(['visit_confirmation']);
  });

  it('sends nothing to a lead without an opt-in: the message is failed, saying why', async () => {
    await turnOn();
    const lead = await newLead({ optIn: false });
    await bookVisit(lead.id, new Date(Date.now() + 48 * 60 * MINUTE));
    const [message] = await until(() => conversation(lead.id), (messages) => messages[0]?.status === 'failed', 'the refused confirmation');
    expect(message.error).toEqual({ code: null, reason: 'Not sent: No WhatsApp opt-in is recorded for this lead: record their consent with purpose "whatsapp" first.' });
    expect(app.cloudApi.sentTo(lead.waId)).toEqual([]);
  });

  it('keeps a message whose template was archived after it was chosen as failed, saying why', async () => {
    await turnOn();
    const templates = (await app.http.get('/api/whatsapp/templates').expect(200)).body as { id: string; name: string }[];
    const confirmation = templates.find(({ name }) => name === 'visit_confirmation')!;
    await app.http.patch(`/api/whatsapp/templates/${confirmation.id}`).send({ archived: true }).expect(200);
    try {
      const lead = await newLead();
      await bookVisit(lead.id, new Date(Date.now() + 48 * 60 * MINUTE));
      const [message] = await until(() => conversation(lead.id), (messages) => messages.length > 0, 'the confirmation');
      expect(message).toMatchObject({ status: 'failed', error: { code: null, reason: 'Not sent: the template visit_confirmation (en) is archived.' } });
      await sleep(QUIET_MS);
      expect(app.cloudApi.sentTo(lead.waId)).toEqual([]);
    } finally {
      await app.http.patch(`/api/whatsapp/templates/${confirmation.id}`).send({ archived: false }).expect(200);
    }
  });

  it('reminds of a visit its lead time before, at the new time once it moved, and not at all once cancelled', async () => {
    await turnOn({ ...ALL_ON, visitConfirmation: OFF });
    const moved = await newLead();
    const cancelled = await newLead();
    const movedVisit = await bookVisit(moved.id, new Date(Date.now() + 5 * MINUTE + 60_000));
    const cancelledVisit = await bookVisit(cancelled.id, new Date(Date.now() + 5 * MINUTE + 3_000));
    const newTime = new Date(Date.now() + 5 * MINUTE + 3_000);
    await app.http.patch(`/api/tasks/${movedVisit.body.id}`).send({ dueAt: newTime.toISOString() }).expect(200);
    await app.http.patch(`/api/tasks/${cancelledVisit.body.id}`).send({ cancelled: true }).expect(200);
    await until(() => Promise.resolve(templatesSentTo(moved.waId)), (names) => names.length > 0, 'the moved visit’s reminder', 15_000);
    await sleep(QUIET_MS);
    expect(templatesSentTo(moved.waId)).toEqual(['visit_reminder']);
    const [reminder] = await conversation(moved.id);
    expect(reminder.template!.variables[2]).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Site office, Skyline Residency 2BHK, Andheri West, Mumbai')}`);
    expect(app.cloudApi.sentTo(cancelled.waId)).toEqual([]);
    expect(await conversation(cancelled.id)).toEqual([]);
  });

  it('says "Sorry we missed you" once after an unanswered attempt of the agent’s cadence, however often Vapi reports it', async () => {
    await turnOn();
    const lead = await newLead();
    const cadenceId = randomUUID();
    const callId = `call-${randomUUID()}`;
    const now = new Date();
    await executeScript(
      app.database,
      `INSERT INTO callback_cadences (id, lead_id, state, source, steps, started_at, open_lead_id) VALUES ('${cadenceId}', '${lead.id}', 'open', 'web form', '+1d@11:00', ${sqlTime(now)}, '${lead.id}');
       INSERT INTO call_attempts (id, cadence_id, lead_id, number, state, due_at, vapi_call_id, claimed_at, created_at, updated_at) VALUES ('${randomUUID()}', '${cadenceId}', '${lead.id}', 1, 'placed', ${sqlTime(now)}, '${callId}', ${sqlTime(now)}, ${sqlTime(now)}, ${sqlTime(now)});`,
    );
    const report = unansweredCallReport(callId, `+${lead.waId}`, { leadId: lead.id });
    await app.http.post('/api/webhooks/vapi').send(report).expect(200);
    await app.http.post('/api/webhooks/vapi').send(report).expect(200);
    await until(() => conversation(lead.id), (messages) => messages[0]?.status === 'sent', 'the missed-call message');
    await sleep(QUIET_MS);
    const messages = await conversation(lead.id);
    expect(messages.map(({ text }) => text)).toEqual([expect.stringMatching(/^Sorry we missed you, Meera Joshi \d+!$/)]);
    expect(templatesSentTo(lead.waId)).toEqual(['callback_missed']);
  });
});
