import type { AddressInfo } from 'node:net';
import { WHATSAPP_CONSENT_PURPOSE, type ActivityData, type LeadConsent } from '@lead-desk/contracts';
import { FakeVapiServer, type FakeServerUrl, type FakeSession } from '@lead-desk/test-support';
import { Clock } from '../src/common/clock';
import { WHATSAPP_OPT_IN_QUESTION } from '../src/voice/setup/whatsapp-opt-in-question';
import { LEAD_OUTPUT_ID, structuredOutputsReport } from './fixtures/vapi-messages';
import { ApiProcesses } from './support/api-processes';
import { chat, chatEvents, sendChatMessage, sessionOf, wordsOf } from './support/chat-client';
import { queryRows } from './support/database-rows';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

const SECRET = 'chat-webhook-secret';
const PRIVATE_KEY = 'test-private-key';
const ASSISTANT_ID = 'assistant-1';

let addresses = 0;
/** A new client address each time: 10.7.x.y. */
const nextAddress = () => {
  addresses += 1;
  return `10.7.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
let phones = 0;
/** A new valid Indian mobile number each time, in E.164. */
const nextPhone = () => {
  phones += 1;
  return `+9198451${String(10_000 + phones).padStart(5, '0')}`;
};

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Entry = { type: string; data: Record<string, unknown> };

describe.each(PROVIDERS)('the chat through the API on %s', (provider) => {
  const vapi = new FakeVapiServer();
  let testApp: TestApp;
  let baseUrl: string;
  let webhook: FakeServerUrl;
  let now: Date | undefined;

  /** What the assistant learnt in each session, as its structured output gives it. */
  const outcomes = new Map<string, Record<string, unknown>>();
  const learns = (sessionId: string, lead: Record<string, unknown>) => outcomes.set(sessionId, lead);

  beforeAll(async () => {
    await vapi.start();
    vapi.chats.outcome = (session: FakeSession) => {
      const lead = outcomes.get(session.id);
      return lead ? { structuredOutputs: { [LEAD_OUTPUT_ID]: { name: 'Lead Desk lead', result: lead } } } : {};
    };
    testApp = await startTestApp(provider, {
      TRUST_PROXY: 'true',
      VAPI_PRIVATE_KEY: PRIVATE_KEY,
      VAPI_ASSISTANT_ID: ASSISTANT_ID,
      VAPI_API_URL: vapi.url,
      VAPI_WEBHOOK_SECRET: SECRET,
      CHAT_RETRY_SECONDS: '0.5',
      WEBHOOK_REFUSALS_PER_MINUTE: '1000',
    });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => now ?? new Date());
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    webhook = { url: `${baseUrl}/api/webhooks/vapi`, secret: SECRET };
  });
  afterAll(async () => {
    await testApp.close();
    await vapi.stop();
  });
  afterEach(() => {
    vapi.chats.behaviour = 'success';
    vapi.chats.readBehaviour = 'success';
    vapi.chats.serverUrl = undefined;
    now = undefined;
  });

  const leadsWithPhone = async (phone: string) => (await testApp.http.get('/api/leads').query({ q: phone }).expect(200)).body as { _id: string; name: string; source: string; email: string | null }[];
  const timelineOf = async (leadId: string) => (await testApp.http.get(`/api/leads/${leadId}/activity`).query({ limit: 200 }).expect(200)).body as Entry[];
  const chatEntriesOf = async (leadId: string) => (await timelineOf(leadId)).filter(({ type }) => type === 'chat') as unknown as { data: ActivityData<'chat'> }[];
  const endChat = (sessionId: string, address = nextAddress()) => fetch(`${baseUrl}/api/chat/sessions/${encodeURIComponent(sessionId)}/end`, { method: 'POST', headers: { 'X-Forwarded-For': address } });
  const oneLeadOf = (phone: string) => eventually(() => leadsWithPhone(phone), (leads) => leads.length > 0);
  const chatRow = async (sessionId: string) =>
    (await queryRows<{ state: string; ended_by: string | null; lead_id: string | null }>(testApp.database, `SELECT state, ended_by, lead_id FROM chat_sessions WHERE vapi_session_id = '${sessionId}'`))[0];

  /** A visitor's chat of two messages; answers its session id. */
  async function chatWith(lead: Record<string, unknown>, address = nextAddress()): Promise<string> {
    const first = await chat(baseUrl, { text: 'Hi, I want a 2 BHK in Pune' }, address);
    const { sessionId } = sessionOf(first.events);
    learns(sessionId, lead);
    const second = await chat(baseUrl, { sessionId, text: `I am ${String(lead.name)}, call me on ${String(lead.phone)}` }, address);
    expect(sessionOf(second.events).sessionId).toBe(sessionId);
    return sessionId;
  }

  it('relays the agent’s words as they come, in one session opened with the private key and stored before the message went on', async () => {
    vapi.requests.length = 0;
    const first = await chat(baseUrl, { text: 'Namaste, any flats in Baner?' }, nextAddress());
    expect(first.status).toBe(200);
    const { sessionId, expiresAt } = sessionOf(first.events);
    expect(wordsOf(first.events)).toBe('Happy to help with "Namaste, any flats in Baner?". Which city are you looking in?');
    expect(first.events.filter(({ event }) => event === 'delta').length).toBeGreaterThan(3);
    expect(first.events.at(-1)).toEqual({ event: 'done', data: {} });
    // Kept until the chat would go idle (30 minutes from now), sooner than Vapi's 24 hours.
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(await chatRow(sessionId)).toMatchObject({ state: 'active', lead_id: null });

    const second = await chat(baseUrl, { sessionId, text: 'And in Wakad?' }, nextAddress());
    expect(sessionOf(second.events).sessionId).toBe(sessionId);
    expect(vapi.chats.sessions.get(sessionId)!.turns.map(({ role, text }) => `${role}: ${text}`)).toEqual([
      'user: Namaste, any flats in Baner?',
      `assistant: ${wordsOf(first.events)}`,
      'user: And in Wakad?',
      `assistant: ${wordsOf(second.events)}`,
    ]);
    const toVapi = vapi.requests.filter(({ path }) => path === '/session' || path === '/chat');
    expect(toVapi.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/session', body: { assistantId: ASSISTANT_ID } },
      { method: 'POST', path: '/chat', body: { sessionId, input: 'Namaste, any flats in Baner?', stream: true } },
      { method: 'POST', path: '/chat', body: { sessionId, input: 'And in Wakad?', stream: true } },
    ]);
    expect(new Set(toVapi.map(({ authorization }) => authorization))).toEqual(new Set([`Bearer ${PRIVATE_KEY}`]));
  });

  it('passes on the first words before Vapi has finished the answer', async () => {
    vapi.chats.behaviour = 'held';
    const response = await sendChatMessage(baseUrl, { text: 'Hello' }, nextAddress());
    const events = chatEvents(response);
    expect((await events.next()).value).toMatchObject({ event: 'session' });
    expect((await events.next()).value).toEqual({ event: 'delta', data: { text: 'Happy ' } });
    // The rest is held at Vapi: the stream is still open, without `done`.
    vapi.release();
    const rest: string[] = [];
    for await (const event of events) rest.push(event.event);
    expect(rest.at(-1)).toBe('done');
  });

  it('starts a new session for a message naming one that is over or unknown, and says so in its first event', async () => {
    const sessionId = await chatWith({ name: 'Nisha Rao', phone: nextPhone() });
    expect((await endChat(sessionId)).status).toBe(202);
    const after = await chat(baseUrl, { sessionId, text: 'One more thing' }, nextAddress());
    expect(sessionOf(after.events).sessionId).not.toBe(sessionId);
    const unknown = await chat(baseUrl, { sessionId: 'no-such-session', text: 'Hello' }, nextAddress());
    expect(sessionOf(unknown.events).sessionId).not.toBe('no-such-session');
  });

  it.each([
    ['no text', { sessionId: null }, ['text']],
    ['only spaces', { text: '   ' }, ['text']],
    ['a message longer than Vapi takes', { text: 'x'.repeat(2001) }, ['text']],
    ['an empty session id', { sessionId: '', text: 'Hello' }, ['sessionId']],
    ['a session id that is no text', { sessionId: 42, text: 'Hello' }, ['sessionId']],
    ['a field of no meaning', { text: 'Hello', assistantId: 'another-assistant' }, ['assistantId']],
  ])('answers %s with a 400 naming the field, forwarding nothing', async (_case, body, fields) => {
    vapi.requests.length = 0;
    const response = await sendChatMessage(baseUrl, body, nextAddress());
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: { field: string }[] };
    expect(answer.errors.map(({ field }) => field)).toEqual(fields);
    expect(vapi.requests).toEqual([]);
  });

  it('says in words when Vapi fails an answer, and the same message may be sent again', async () => {
    const first = await chat(baseUrl, { text: 'Hello' }, nextAddress());
    const { sessionId } = sessionOf(first.events);
    vapi.chats.behaviour = 'server-error';
    const failed = await chat(baseUrl, { sessionId, text: 'Still there?' }, nextAddress());
    expect(failed.events.map(({ event }) => event)).toEqual(['session', 'error']);
    expect(failed.events[1]).toEqual({ event: 'error', data: { message: 'The agent could not answer just now. Please send your message again.' } });
    vapi.chats.behaviour = 'success';
    const again = await chat(baseUrl, { sessionId, text: 'Still there?' }, nextAddress());
    expect(sessionOf(again.events).sessionId).toBe(sessionId);
    expect(again.events.at(-1)?.event).toBe('done');
  });

  it('makes a chat the visitor ends one lead of source chat bot, with the consent given in it and the chat on its timeline', async () => {
    const phone = nextPhone();
    vapi.requests.length = 0;
    const sessionId = await chatWith({ name: 'Aarav Sharma', phone, email: 'aarav@example.in', location: 'Pune', consentToContact: true });
    expect((await endChat(sessionId)).status).toBe(202);

    const [lead] = await oneLeadOf(phone);
    expect(lead).toMatchObject({ name: 'Aarav Sharma', email: 'aarav@example.in', source: 'chat bot' });
    const chats = await eventually(() => chatEntriesOf(lead._id), (entries) => entries.length > 0);
    expect(chats).toHaveLength(1);
    expect(chats[0].data).toMatchObject({ vapiSessionId: sessionId, endedBy: 'visitor' });
    expect(chats[0].data.messages.map(({ role, text }) => ({ role, text }))).toEqual([
      { role: 'visitor', text: 'Hi, I want a 2 BHK in Pune' },
      { role: 'agent', text: 'Happy to help with "Hi, I want a 2 BHK in Pune". Which city are you looking in?' },
      { role: 'visitor', text: `I am Aarav Sharma, call me on ${phone}` },
      { role: 'agent', text: expect.stringContaining('Happy to help') },
    ]);
    const consents = (await testApp.http.get(`/api/leads/${lead._id}/consents`).expect(200)).body as LeadConsent[];
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ channel: 'chat', evidence: { kind: 'chat', lines: [`I am Aarav Sharma, call me on ${phone}`] } });
    expect(await chatRow(sessionId)).toMatchObject({ state: 'finished', ended_by: 'visitor', lead_id: lead._id });
    // Ended at Vapi first (its artifact exists only then), then read.
    const sessionCalls = vapi.requests.filter(({ path }) => path === `/session/${sessionId}`).map(({ method, body }) => ({ method, body }));
    expect(sessionCalls).toEqual([
      { method: 'PATCH', body: { status: 'completed' } },
      { method: 'GET', body: null },
    ]);
  });

  it('records a yes to the WhatsApp question in a chat as a WhatsApp opt-in of channel chat, the question its wording', async () => {
    const phone = nextPhone();
    const sessionId = await chatWith({ name: 'Tara Bose', phone, whatsappOptIn: true });
    expect((await endChat(sessionId)).status).toBe(202);
    const [lead] = await oneLeadOf(phone);
    const consents = await eventually(
      async () => (await testApp.http.get(`/api/leads/${lead._id}/consents`).expect(200)).body as LeadConsent[],
      (found) => found.length > 0,
    );
    expect(consents).toEqual([
      expect.objectContaining({ channel: 'chat', purpose: WHATSAPP_CONSENT_PURPOSE, wording: WHATSAPP_OPT_IN_QUESTION, evidence: { kind: 'chat', conversationId: expect.any(String), lines: expect.any(Array) }, withdrawnAt: null }),
    ]);
  });

  it('makes one lead and one chat entry of a result delivered twice by session.updated, and again by the visitor’s end', async () => {
    const phone = nextPhone();
    const sessionId = await chatWith({ name: 'Kavya Menon', phone, doNotCall: true });
    // Completed at Vapi (e.g. on its expiry); Vapi tells the webhook, twice.
    await fetch(`${vapi.url}/session/${sessionId}`, { method: 'PATCH', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) });
    const answers = [await vapi.chats.sendSessionUpdated(webhook, sessionId), await vapi.chats.sendSessionUpdated(webhook, sessionId)];
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual([
      { status: 200, body: { received: true, stored: true, processed: true } },
      { status: 200, body: { received: true, stored: true, processed: true } },
    ]);
    expect((await endChat(sessionId)).status).toBe(202);

    const leads = await oneLeadOf(phone);
    expect(leads).toHaveLength(1);
    expect(await chatEntriesOf(leads[0]._id)).toHaveLength(1);
    expect((await chatEntriesOf(leads[0]._id))[0].data.endedBy).toBe('platform');
    // What the visitor asked for in the chat holds: Do Not Call, in their words.
    expect((await testApp.http.get(`/api/leads/${leads[0]._id}`).expect(200)).body).toMatchObject({ doNotCall: true, doNotCallReason: 'Asked in a chat' });
    expect(await chatRow(sessionId)).toMatchObject({ state: 'finished', ended_by: 'platform' });
  });

  it('makes one lead of a result that comes both by session.updated and by the read after the visitor ends the chat', async () => {
    const phone = nextPhone();
    const sessionId = await chatWith({ name: 'Rohan Iyer', phone });
    // Vapi sends session.updated as the API completes the session, while the API reads it back.
    vapi.chats.serverUrl = webhook;
    const delivered = vapi.chats.deliveries.length;
    expect((await endChat(sessionId)).status).toBe(202);
    await eventually(async () => vapi.chats.deliveries.length, (count) => count > delivered);
    const answer = await vapi.chats.deliveries.at(-1)!;
    expect(answer.status === 200 || answer.status === 202).toBe(true);

    const [lead] = await oneLeadOf(phone);
    await eventually(() => chatRow(sessionId), (row) => row.state === 'finished');
    expect(await leadsWithPhone(phone)).toHaveLength(1);
    expect(await chatEntriesOf(lead._id)).toHaveLength(1);
  });

  it('ends a chat left idle for CHAT_IDLE_MINUTES at Vapi, reads it and makes its lead', async () => {
    const phone = nextPhone();
    const sessionId = await chatWith({ name: 'Meera Joshi', phone });
    vapi.requests.length = 0;
    // Thirty-one minutes later, with no message meanwhile.
    now = new Date(Date.now() + 31 * 60_000);
    const [lead] = await oneLeadOf(phone);
    expect(lead).toMatchObject({ name: 'Meera Joshi', source: 'chat bot' });
    expect((await chatEntriesOf(lead._id))[0].data.endedBy).toBe('idle');
    expect(await chatRow(sessionId)).toMatchObject({ state: 'finished', ended_by: 'idle' });
    expect(vapi.requests.filter(({ path }) => path === `/session/${sessionId}`).map(({ method }) => method)).toEqual(['PATCH', 'GET']);
  });

  it('tries again a chat whose result Vapi could not give, listed in the webhook inbox meanwhile, and makes its lead once Vapi is back', async () => {
    const phone = nextPhone();
    const sessionId = await chatWith({ name: 'Sneha Kulkarni', phone });
    vapi.chats.readBehaviour = 'outage';
    expect((await endChat(sessionId)).status).toBe(202);
    const failed = await eventually(
      async () => (await testApp.http.get('/api/webhooks/events').query({ status: 'failed' }).expect(200)).body.events as { channel: string; externalId: string; error: string; attempts: number }[],
      (events) => events.some(({ externalId }) => externalId === sessionId),
    );
    expect(failed.find(({ externalId }) => externalId === sessionId)).toMatchObject({ channel: 'chat', error: expect.stringContaining('Vapi could not read a session (503)') });
    expect(await leadsWithPhone(phone)).toEqual([]);
    expect(await chatRow(sessionId)).toMatchObject({ state: 'ended', ended_by: 'visitor' });

    vapi.chats.readBehaviour = 'success';
    const [lead] = await oneLeadOf(phone);
    expect(await chatEntriesOf(lead._id)).toHaveLength(1);
    const events = (await testApp.http.get('/api/webhooks/events').query({ status: 'failed' }).expect(200)).body.events as { externalId: string }[];
    expect(events.some(({ externalId }) => externalId === sessionId)).toBe(false);
  });

  it('keeps a visitor who chats and then calls, or calls and then chats, one lead with both conversations on its timeline', async () => {
    const chatFirst = nextPhone();
    const sessionId = await chatWith({ name: 'Vikram Singh', phone: chatFirst });
    await endChat(sessionId);
    const [lead] = await oneLeadOf(chatFirst);
    await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send(structuredOutputsReport('call-after-chat', chatFirst, { name: 'Vikram Singh', budget: '90 Lakh' })).expect(200);
    expect(await leadsWithPhone(chatFirst)).toHaveLength(1);
    expect((await timelineOf(lead._id)).map(({ type }) => type)).toEqual(expect.arrayContaining(['chat', 'call']));

    const callFirst = nextPhone();
    await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send(structuredOutputsReport('call-before-chat', callFirst, { name: 'Ananya Reddy' })).expect(200);
    const [called] = await leadsWithPhone(callFirst);
    expect(called.source).toBe('voice bot');
    const later = await chatWith({ name: 'Ananya Reddy', phone: callFirst, email: 'ananya@example.in' });
    await endChat(later);
    await eventually(() => chatEntriesOf(called._id), (entries) => entries.length > 0);
    const leads = await leadsWithPhone(callFirst);
    expect(leads).toHaveLength(1);
    // The lead keeps its first source and gains what it lacked.
    expect(leads[0]).toMatchObject({ source: 'voice bot', email: 'ananya@example.in' });
    expect((await timelineOf(called._id)).map(({ type }) => type)).toEqual(expect.arrayContaining(['chat', 'call']));
  });

  it('answers the agent’s tools in a chat as in a call', async () => {
    const first = await chat(baseUrl, { text: 'Show me villas in Goa' }, nextAddress());
    const { sessionId } = sessionOf(first.events);
    const answer = await vapi.sendToolCalls(webhook, { chat: { id: 'chat-1', sessionId } }, [{ id: 'tool-call-1', name: 'search_properties', arguments: { city: 'Goa' }, argumentsAs: 'object' }]);
    expect(answer.status).toBe(200);
    const [result] = (answer.body as { results: { toolCallId: string; result?: string }[] }).results;
    expect(result).toMatchObject({ toolCallId: 'tool-call-1', result: expect.stringContaining('Casa Goa Heritage Villa') });
    // As on a web call, a chat gives no number to book a visit for: the agent offers a call back.
    const booking = await vapi.sendToolCalls(webhook, { chat: { id: 'chat-2', sessionId } }, [{ id: 'tool-call-2', name: 'book_site_visit', arguments: { propertyId: 6, preferredTime: 'tomorrow 11 am' }, argumentsAs: 'object' }]);
    expect((booking.body as { results: { error?: string }[] }).results[0].error).toContain('an adviser will call back');
  });

  it('ends a session it never opened with a 404', async () => {
    expect((await endChat('no-such-session')).status).toBe(404);
  });
});

describe('the chat’s limit per address across two API processes on one PostgreSQL', () => {
  const vapi = new FakeVapiServer();
  const processes = new ApiProcesses();
  const { apis } = processes;

  beforeAll(async () => {
    await vapi.start();
    await processes.start(2, {
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      VAPI_PRIVATE_KEY: PRIVATE_KEY,
      VAPI_ASSISTANT_ID: ASSISTANT_ID,
      VAPI_API_URL: vapi.url,
      CHAT_MESSAGES_PER_ADDRESS_PER_HOUR: '3',
    });
  }, 120_000);
  afterAll(async () => {
    await processes.stop();
    await vapi.stop();
  });

  it('admits three messages an hour from one address, whichever process they reach, with Retry-After past them', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i += 1) {
      const response = await sendChatMessage(apis[i % 2].url, { text: `Message ${i}` }, address);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
      await response.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(3_000);
    // Another visitor is not held back by this one.
    expect((await chat(apis[1].url, { text: 'Hello' }, nextAddress())).status).toBe(200);
  });
});
