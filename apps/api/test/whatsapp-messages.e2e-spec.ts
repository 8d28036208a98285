import { whatsappMessageDelivery, type FakeSentMessage } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { VISIT_CONFIRMATION } from './fixtures/whatsapp-templates';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';
import { startWhatsappTestApp, until, type ConversationMessage as Message, WHATSAPP_TEST_SETTINGS, type WhatsappTestApp } from './support/whatsapp-app';

jest.setTimeout(120_000);

const HOUR = 3_600_000;

/**
 * A lead's WhatsApp messages over HTTP, against a fake Cloud API that checks each send against
 * Meta's reference and reports statuses back by the signed webhook: nothing without an opt-in or to
 * a Do Not Call lead, nothing after STOP but its one confirmation, free text only inside the
 * 24-hour window (by Meta's timestamp), templates anytime, Meta's refusals and rate limits kept on
 * the message.
 */
describe.each(PROVIDERS)('WhatsApp messages on %s', (provider) => {
  let app: WhatsappTestApp;
  let phones = 0;

  beforeAll(async () => {
    app = await startWhatsappTestApp(provider, { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    app.cloudApi.approveTemplate({ name: 'visit_confirmation', language: 'en', bodyParameters: 5 });
    app.cloudApi.approveTemplate({ name: 'callback_missed', language: 'en', bodyParameters: 1 });
    await app.http.post('/api/whatsapp/templates').send(VISIT_CONFIRMATION).expect(201);
    await app.http.post('/api/whatsapp/templates').send({ name: 'callback_missed', language: 'en', variables: [{ key: 'name', source: 'lead.name' }], body: 'Sorry we missed you, {{1}}!' }).expect(201);
    // Registered here, never approved in the fake's WhatsApp Manager.
    await app.http.post('/api/whatsapp/templates').send({ name: 'festive_offer', language: 'hi' }).expect(201);
  });
  afterAll(() => app?.close());

  /** A lead with a number of its own; opted in unless told otherwise. */
  async function newLead(options: { optIn?: boolean; doNotCall?: boolean } = {}): Promise<{ id: string; waId: string }> {
    phones += 1;
    const waId = `9198333${String(phones).padStart(5, '0')}`;
    const lead = await app.http.post('/api/leads').send({ name: `Priya Nair ${phones}`, phone: `+${waId}` }).expect(201);
    const id = lead.body._id as string;
    if (options.optIn ?? true) await app.http.post(`/api/leads/${id}/consents`).send({ purpose: 'whatsapp', wording: 'Yes, WhatsApp me', note: 'On the phone' }).expect(201);
    if (options.doNotCall) await app.http.patch(`/api/leads/${id}`).send({ doNotCall: true, doNotCallReason: 'Asked on a call' }).expect(200);
    return { id, waId };
  }
  const send = (leadId: string, body: object) => app.http.post(`/api/leads/${leadId}/whatsapp/messages`).send(body);
  const conversation = async (leadId: string) => (await app.http.get(`/api/leads/${leadId}/whatsapp/messages`).expect(200)).body as Message[];
  const messageOf = async (leadId: string, id: string) => (await conversation(leadId)).find((message) => message.id === id)!;
  const sentTo = (waId: string): FakeSentMessage[] => app.cloudApi.sentTo(waId);

  it('sends nothing to a lead without a WhatsApp opt-in: 409 with the reason, nothing at Meta', async () => {
    const lead = await newLead({ optIn: false });
    await app.cloudApi.personWrites({ from: lead.waId, text: 'Hello?' });
    await until(() => conversation(lead.id), (messages) => messages.length === 1, 'the person’s message');
    const refused = await send(lead.id, { text: 'Hi Priya!' }).expect(409);
    expect(refused.body.message).toBe('No WhatsApp opt-in is recorded for this lead: record their consent with purpose "whatsapp" first.');
    await send(lead.id, { template: 'callback_missed' }).expect(409);
    expect(sentTo(lead.waId)).toEqual([]);
  });

  it('sends nothing to a Do Not Call lead, opt-in or not', async () => {
    const lead = await newLead({ doNotCall: true });
    const refused = await send(lead.id, { template: 'callback_missed' }).expect(409);
    expect(refused.body.message).toBe('This lead is Do Not Call: Asked on a call.');
    expect(sentTo(lead.waId)).toEqual([]);
  });

  it('sends free text inside the 24-hour window, shaped as Meta’s reference, and follows its statuses to read, live', async () => {
    const lead = await newLead();
    await app.cloudApi.personWrites({ from: lead.waId, at: new Date(Date.now() - 23 * HOUR), text: 'Is it still available?' });
    await until(() => conversation(lead.id), (messages) => messages.length === 1, 'the person’s message');
    const events = await SseClient.connect(`${app.url}/api/events`);
    const sent = await send(lead.id, { text: 'Yes! Shall we book a visit this Saturday?' }).expect(201);
    expect(sent.body).toMatchObject({ direction: 'outbound', type: 'text', text: 'Yes! Shall we book a visit this Saturday?', status: 'accepted', error: null });
    const [atMeta] = sentTo(lead.waId);
    expect(atMeta.body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', to: lead.waId, type: 'text', text: { body: 'Yes! Shall we book a visit this Saturday?' } });
    expect(atMeta.bizOpaqueCallbackData).toEqual(expect.any(String));
    await until(() => messageOf(lead.id, sent.body.id), (message) => message.status === 'sent', 'Meta’s sent status');
    await app.cloudApi.report(atMeta.id, 'delivered');
    await app.cloudApi.report(atMeta.id, 'read');
    // A late, repeated status takes nothing back.
    await app.cloudApi.report(atMeta.id, 'delivered');
    await until(() => messageOf(lead.id, sent.body.id), (message) => message.status === 'read', 'the read status');
    await sleep(300);
    expect((await messageOf(lead.id, sent.body.id)).status).toBe('read');
    await events.next(({ event, data }) => event === 'whatsapp.message' && (data as Message).id === sent.body.id && (data as Message).status === 'read');
    events.disconnect();
    const timeline = (await app.http.get(`/api/leads/${lead.id}/activity`).expect(200)).body as { type: string; data: { direction?: string; text?: string } }[];
    expect(timeline.filter(({ type }) => type === 'whatsapp_message').map(({ data }) => `${data.direction}: ${data.text}`)).toEqual([
      'outbound: Yes! Shall we book a visit this Saturday?',
      'inbound: Is it still available?',
    ]);
  });

  it('refuses free text outside the 24-hour window, saying why, and sends a template there, its variables filled from the lead and its visit', async () => {
    const lead = await newLead();
    await app.cloudApi.personWrites({ from: lead.waId, at: new Date(Date.now() - 25 * HOUR), text: 'Send me the brochure' });
    await until(() => conversation(lead.id), (messages) => messages.length === 1, 'the person’s message');
    const refused = await send(lead.id, { text: 'Here it is!' }).expect(409);
    expect(refused.body.message).toMatch(/^Outside the 24-hour window: send a template \(the person last wrote at /);
    expect(sentTo(lead.waId)).toEqual([]);

    await app.http.post('/api/tasks').send({ leadId: lead.id, type: 'site_visit', dueAt: new Date(Date.now() + 48 * HOUR).toISOString(), propertyId: 1 }).expect(201);
    const sent = await send(lead.id, { template: 'visit_confirmation' }).expect(201);
    expect(sent.body).toMatchObject({ type: 'template', status: 'accepted', template: { name: 'visit_confirmation', language: 'en' } });
    expect(sent.body.template.variables).toEqual([
      expect.stringMatching(/^Priya Nair \d+$/),
      'Skyline Residency 2BHK',
      expect.stringMatching(/^\w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/),
      'Site office, Skyline Residency 2BHK, Andheri West, Mumbai',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Site office, Skyline Residency 2BHK, Andheri West, Mumbai')}`,
    ]);
    expect(sent.body.text).toMatch(/^Hi Priya Nair \d+, your site visit to Skyline Residency 2BHK is confirmed for .+\. Address: Site office, Skyline Residency 2BHK, Andheri West, Mumbai \(https:/);
    const [atMeta] = sentTo(lead.waId);
    expect(atMeta.body).toMatchObject({
      type: 'template',
      template: { name: 'visit_confirmation', language: { policy: 'deterministic', code: 'en' }, components: [{ type: 'body', parameters: sent.body.template.variables.map((text: string) => ({ type: 'text', text })) }] },
    });
  });

  it('tells the reply box what a reply may be: templates only before the person writes and after the window, free text within it, nothing without an opt-in', async () => {
    const replyOptions = async (leadId: string) => (await app.http.get(`/api/leads/${leadId}/whatsapp/reply`).expect(200)).body;
    const lead = await newLead();
    expect(await replyOptions(lead.id)).toEqual({ notConfigured: null, refusal: null, window: { open: false, closesAt: null, lastInboundAt: null } });
    const wrote = new Date(Math.floor((Date.now() - 25 * HOUR) / 1000) * 1000);
    await app.cloudApi.personWrites({ from: lead.waId, at: wrote, text: 'Send me the brochure' });
    await until(() => conversation(lead.id), (messages) => messages.length === 1, 'the old message');
    expect(await replyOptions(lead.id)).toEqual({
      notConfigured: null,
      refusal: null,
      window: { open: false, closesAt: new Date(wrote.getTime() + 24 * HOUR).toISOString(), lastInboundAt: wrote.toISOString() },
    });
    const recent = new Date(Math.floor((Date.now() - HOUR) / 1000) * 1000);
    await app.cloudApi.personWrites({ from: lead.waId, at: recent, text: 'Still there?' });
    await until(() => conversation(lead.id), (messages) => messages.length === 2, 'the recent message');
    expect((await replyOptions(lead.id)).window).toEqual({ open: true, closesAt: new Date(recent.getTime() + 24 * HOUR).toISOString(), lastInboundAt: recent.toISOString() });

    const notOptedIn = await newLead({ optIn: false });
    expect((await replyOptions(notOptedIn.id)).refusal).toEqual({ code: 'no_opt_in', reason: 'No WhatsApp opt-in is recorded for this lead: record their consent with purpose "whatsapp" first.' });
    await app.http.get('/api/leads/01a221ef-0000-7000-8000-000000000000/whatsapp/reply').expect(404);
  });

  it('names a template variable it cannot fill, and a template not registered, with 400', async () => {
    const lead = await newLead();
    const noVisit = await send(lead.id, { template: 'visit_confirmation' }).expect(400);
    expect(noVisit.body.errors).toEqual([
      { field: 'variables.property', message: 'is required: the lead has no site visit booked at a property' },
      { field: 'variables.when', message: 'is required: the lead has no site visit booked' },
      { field: 'variables.address', message: 'is required: the lead has no site visit booked at a property' },
      { field: 'variables.map', message: 'is required: the lead has no site visit booked at a property' },
    ]);
    const unknown = await send(lead.id, { template: 'diwali_greetings' }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'template', message: 'is not a registered template (GET /api/whatsapp/templates lists them)' }]);
    const both = await send(lead.id, { text: 'Hi', template: 'callback_missed' }).expect(400);
    expect(both.body.errors).toEqual([{ field: 'template', message: 'must not be given with text: send one or the other' }]);
    expect(sentTo(lead.waId)).toEqual([]);
  });

  it('keeps Meta’s refusal of a template its WhatsApp Manager does not have on the message, failed with the reason', async () => {
    const lead = await newLead();
    const sent = await send(lead.id, { template: 'festive_offer' }).expect(201);
    expect(sent.body).toMatchObject({ status: 'failed', error: { code: 132001, reason: expect.stringMatching(/^The template does not exist in WhatsApp Manager in this language \(or is not approved\)\. Meta: template name \(festive_offer\) does not exist in hi \(code 132001\)$/) } });
  });

  it('keeps a message Meta refused for its rate limit pending, and sends it once the limit lifts', async () => {
    const lead = await newLead();
    app.cloudApi.behaviour = 'rate-limit';
    const sent = await send(lead.id, { template: 'callback_missed' }).expect(201);
    expect(sent.body).toMatchObject({ status: 'pending', error: { code: 130429, reason: expect.stringContaining('throughput limit') } });
    app.cloudApi.behaviour = 'pair-rate-limit';
    await until(() => Promise.resolve(app.cloudApi.requests.filter(({ status }) => status === 400).length), (refusals) => refusals >= 2, 'a second try');
    app.cloudApi.behaviour = 'success';
    const accepted = await until(() => messageOf(lead.id, sent.body.id), (message) => message.status === 'accepted' || message.status === 'sent', 'the send after the limit', 30_000);
    expect(accepted.error).toBeNull();
    expect(sentTo(lead.waId)).toHaveLength(1);
  });

  it('fails free text Meta reports outside its window (131047), with Meta’s reason in staff’s words', async () => {
    const lead = await newLead();
    // The person's message reaches us but the fake Meta has no record of it: its window is closed.
    await app.cloudApi.post(whatsappMessageDelivery(WHATSAPP_TEST_SETTINGS, { from: lead.waId, id: `wamid.unknown-to-meta-${lead.waId}`, at: new Date(), text: 'Hi' }));
    await until(() => conversation(lead.id), (messages) => messages.length === 1, 'the person’s message');
    const sent = await send(lead.id, { text: 'Hello Priya' }).expect(201);
    const failed = await until(() => messageOf(lead.id, sent.body.id), (message) => message.status === 'failed', 'the failed status');
    expect(failed.error).toEqual({
      code: 131047,
      reason: 'Outside the 24-hour window: send a template. Meta: Message failed to send because more than 24 hours have passed since the customer last replied to this number. (code 131047)',
    });
  });

  it('withdraws the opt-in on STOP, sends its one confirmation, and nothing after', async () => {
    const lead = await newLead();
    await app.cloudApi.personWrites({ from: lead.waId, text: 'Send details please' });
    await until(() => conversation(lead.id), (messages) => messages.length === 1, 'the first message');
    await send(lead.id, { text: 'Here are the details' }).expect(201);
    await app.cloudApi.personWrites({ from: lead.waId, text: 'STOP' });
    await until(() => Promise.resolve(sentTo(lead.waId).length), (count) => count === 2, 'the confirmation');
    expect(sentTo(lead.waId)[1].body).toMatchObject({ type: 'text', text: { body: expect.stringMatching(/^Done: you will get no more WhatsApp messages from us/) } });
    // STOP again: the opt-in is already withdrawn, no second confirmation.
    await app.cloudApi.personWrites({ from: lead.waId, text: 'stop' });
    await until(() => conversation(lead.id), (messages) => messages.filter(({ direction }) => direction === 'inbound').length === 3, 'the second STOP');
    const text = await send(lead.id, { text: 'Are you sure?' }).expect(409);
    expect(text.body.message).toBe('This lead withdrew their WhatsApp opt-in (they replied STOP, or staff withdrew it): no message may be sent.');
    await send(lead.id, { template: 'callback_missed' }).expect(409);
    await sleep(500);
    expect(sentTo(lead.waId)).toHaveLength(2);
  });

  it('lists the conversation newest first, and answers 404 for a lead that is not there', async () => {
    const lead = await newLead();
    await app.cloudApi.personWrites({ from: lead.waId, at: new Date(Date.now() - 2 * HOUR), text: 'First' });
    await app.cloudApi.personWrites({ from: lead.waId, at: new Date(Date.now() - HOUR), text: 'Second' });
    const listed = await until(() => conversation(lead.id), (messages) => messages.length === 2, 'both messages');
    expect(listed.map(({ text }) => text)).toEqual(['Second', 'First']);
    expect((await app.http.get(`/api/leads/${lead.id}/whatsapp/messages?limit=1`).expect(200)).body).toHaveLength(1);
    await app.http.get('/api/leads/01a221ef-0000-7000-8000-000000000000/whatsapp/messages').expect(404);
  });
});

/**
 * A send whose outcome is unknown (Meta's answer lost, or none within the timeout) is settled by
 * Meta's statuses, which carry the send's key back; when none came within its lease it is
 * unconfirmed and never sent again: at most one message reaches the person.
 */
describe.each(PROVIDERS)('WhatsApp sends with no answer from Meta on %s', (provider) => {
  let app: WhatsappTestApp;

  beforeAll(async () => {
    // A lease of a second: an unsettled send is looked at again 11 s after it began (the send's 10 s timeout included).
    app = await startWhatsappTestApp(provider, { JOB_LEASE_SECONDS: '1' });
  });
  afterAll(() => app?.close());

  const optedInLead = async (waId: string) => {
    const lead = await app.http.post('/api/leads').send({ name: 'Kabir Shah', phone: `+${waId}` }).expect(201);
    await app.http.post(`/api/leads/${lead.body._id}/consents`).send({ purpose: 'whatsapp', wording: 'Yes', note: 'In person' }).expect(201);
    await app.cloudApi.personWrites({ from: waId, text: 'Hi' });
    await until(() => app.http.get(`/api/leads/${lead.body._id}/whatsapp/messages`).then(({ body }) => body as Message[]), (messages) => messages.length === 1, 'the person’s message');
    return lead.body._id as string;
  };

  it('takes the message as sent when Meta took it but its answer was lost: its status names the send’s key; nothing is sent twice', async () => {
    const leadId = await optedInLead('919844400001');
    app.cloudApi.behaviour = 'lost-answer';
    const sent = await app.http.post(`/api/leads/${leadId}/whatsapp/messages`).send({ text: 'Your brochure is on its way' }).expect(201);
    app.cloudApi.behaviour = 'success';
    const [atMeta] = app.cloudApi.sentTo('919844400001');
    const settled = await until(() => app.http.get(`/api/leads/${leadId}/whatsapp/messages`).then(({ body }) => (body as Message[]).find(({ id }) => id === sent.body.id)!), (message) => message.status === 'sent', 'the status settling the send');
    expect(settled.error).toBeNull();
    await sleep(12_000);
    expect(app.cloudApi.sentTo('919844400001')).toEqual([atMeta]);
    expect((await app.http.get(`/api/leads/${leadId}/whatsapp/messages`).expect(200)).body.find(({ id }: Message) => id === sent.body.id).status).toBe('sent');
  });

  it('leaves unconfirmed, never sending again, a message Meta neither answered nor reported within its lease', async () => {
    const leadId = await optedInLead('919844400002');
    app.cloudApi.behaviour = 'hang';
    const sent = await app.http.post(`/api/leads/${leadId}/whatsapp/messages`).send({ text: 'Shall I call you at 6?' }).expect(201);
    expect(sent.body.status).toBe('sending');
    app.cloudApi.behaviour = 'success';
    const left = await until(() => app.http.get(`/api/leads/${leadId}/whatsapp/messages`).then(({ body }) => (body as Message[]).find(({ id }) => id === sent.body.id)!), (message) => message.status !== 'sending', 'the lease’s end', 30_000);
    expect(left).toMatchObject({ status: 'unconfirmed', error: { code: null, reason: expect.stringContaining('it is not sent again, so it cannot arrive twice') } });
    await sleep(3_000);
    // The hung request reached nobody (the fake took nothing), and nothing was sent after it.
    expect(app.cloudApi.sentTo('919844400002')).toEqual([]);
    expect((await app.http.get(`/api/leads/${leadId}/whatsapp/messages`).expect(200)).body.find(({ id }: Message) => id === sent.body.id).status).toBe('unconfirmed');
  });
});

describe.each(PROVIDERS)('WhatsApp sends without the settings on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp?.close());

  it('answers 503 naming the variables to set, and still lists the conversation', async () => {
    const lead = await testApp.http.post('/api/leads').send({ name: 'Unconfigured', phone: '+919833399999' }).expect(201);
    const refused = await testApp.http.post(`/api/leads/${lead.body._id}/whatsapp/messages`).send({ text: 'Hi' }).expect(503);
    expect(refused.body.message).toBe('WhatsApp is not configured: set WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN.');
    expect((await testApp.http.get(`/api/leads/${lead.body._id}/whatsapp/messages`).expect(200)).body).toEqual([]);
    const reply = await testApp.http.get(`/api/leads/${lead.body._id}/whatsapp/reply`).expect(200);
    expect(reply.body.notConfigured).toBe(refused.body.message);
  });
});
