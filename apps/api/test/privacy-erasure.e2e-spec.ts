import type { Erasure, Lead, LeadWithCalls } from '@lead-desk/contracts';
import { FakeVapiServer } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { Database } from '../src/database/database';
import { LEAD_OUTPUT_ID, endOfCallReport } from './fixtures/vapi-messages';
import { chat, sessionOf } from './support/chat-client';
import { findTextAnywhere } from './support/catalog-search';
import { SseClient } from './support/sse-client';
import { signIn, signedInAgent, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

// The caller as the fixture's report names them.
const PERSON = { phone: '+919860000201', email: 'sanjay.kulkarni@example.in', name: 'Sanjay Kulkarni' };
const structuredData = { name: PERSON.name, email: PERSON.email, location: 'Pune', qualified: true };

describe.each(PROVIDERS)('POST /api/privacy/erasure on %s', (provider) => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;
  let client: Database['client'];

  beforeAll(async () => {
    await fake.start();
    testApp = await startTestApp(provider, {
      ...STAFF_MODE_ENV,
      VAPI_API_URL: fake.url,
      VAPI_PRIVATE_KEY: 'private-key',
      VAPI_TIMEOUT_SECONDS: '2',
      VAPI_DELETE_RETRY_SECONDS: '0.2',
      PRIVACY_HASH_SALT: 'a salt for the erasure tests',
      VAPI_ASSISTANT_ID: 'assistant-1',
    });
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Neha Agent');
    client = testApp.app.get(Database).client;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });

  const post = (path: string, body: object, session = admin) => session.agent.post(path).set('X-CSRF-Token', session.csrf).send(body);
  const erasure = async (id: string): Promise<Erasure> => (await admin.agent.get(`/api/privacy/erasures/${id}`).expect(200)).body;

  it('deletes the person from every table in one go, tells every viewer, and has Vapi delete each call and chat once it is back', async () => {
    // The person: two calls, a note, tags, a bulk job's selection; and someone else who stays.
    for (const callId of ['call-erased-1', 'call-erased-2']) {
      await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId, number: PERSON.phone, structuredData })).expect(200);
    }
    const lead = await client.lead.findFirstOrThrow({ where: { phone: PERSON.phone } });
    const calls = await client.call.findMany({ where: { leadId: lead.id }, orderBy: { vapiCallId: 'asc' } });
    expect(calls).toHaveLength(2);
    // They chatted too: Vapi keeps the session until asked to delete it.
    fake.chats.outcome = () => ({ structuredOutputs: { [LEAD_OUTPUT_ID]: { name: 'Lead Desk lead', result: { name: PERSON.name, phone: PERSON.phone } } } });
    const baseUrl = await testApp.app.getUrl();
    const { sessionId } = sessionOf((await chat(baseUrl, { text: `I am ${PERSON.name}, still keen on Pune` }, '127.0.0.1')).events);
    expect((await fetch(`${baseUrl}/api/chat/sessions/${sessionId}/end`, { method: 'POST' })).status).toBe(202);
    for (let tries = 0; tries < 100 && (await client.chatSession.findUniqueOrThrow({ where: { vapiSessionId: sessionId } })).leadId !== lead.id; tries += 1) await sleep(100);
    await post(`/api/leads/${lead.id}/notes`, { body: `Spoke to ${PERSON.name} on ${PERSON.phone}` }).expect(201);
    await post('/api/tasks', { leadId: lead.id, type: 'site_visit', dueAt: '2026-12-05T11:00:00+05:30', propertyId: 1, notes: `Meet ${PERSON.name} at the gate, ${PERSON.phone}` }).expect(201);
    await admin.agent.put(`/api/leads/${lead.id}/tags`).set('X-CSRF-Token', admin.csrf).send({ tags: ['Sanjay VIP'] }).expect(200);
    await post('/api/leads/bulk', { ids: [lead.id], action: { type: 'addTags', tags: ['Pune'] } }).expect(202);
    const other = (await post('/api/leads', { name: 'Meera Iyer', phone: '+919860000299' }).expect(201)).body as Lead;
    await agent.agent.get(`/api/leads/${lead.id}`).expect(200);
    const events = await SseClient.connect(`${await testApp.app.getUrl()}/api/events`, { Cookie: agent.cookie });

    fake.deleteBehaviour = 'outage';
    fake.requests.length = 0;
    const answer = await post('/api/privacy/erasure', { phone: '098600 00201', requestedBy: 'Customer by email, ticket 42' }).expect(200);
    const erased = answer.body as Erasure;
    expect(erased).toMatchObject({
      requestedBy: 'Customer by email, ticket 42',
      carriedOutBy: admin.id,
      records: { leadIds: [lead.id], callIds: expect.arrayContaining(calls.map(({ id }) => id)) },
    });
    // The webhook messages: the two reports and the chat's result.
    expect(erased.records.deleted).toMatchObject({ leads: 1, calls: 2, lead_notes: 1, tasks: 1, webhook_events: 3, job_items: 1, chat_sessions: 1 });

    // The other staff member's screen drops the lead at once.
    await events.next((event) => event.event === 'lead.removed' && (event.data as { id: string }).id === lead.id);
    events.disconnect();

    // Nothing about the person is left anywhere: every text column of every table, from the catalog.
    const findings = await findTextAnywhere(client, provider, testApp.database.url, ['9860000201', PERSON.email, PERSON.name]);
    expect(findings).toEqual([]);
    expect(await client.lead.findUnique({ where: { id: other._id } })).not.toBeNull();
    await admin.agent.get(`/api/leads/${lead.id}`).expect(404);
    await admin.agent.get(`/api/calls/${calls[0].id}/recording`).expect(404);

    // Vapi is down: the deletions wait and are tried again, not given up.
    await sleep(1_000);
    const waiting = await erasure(erased.id);
    expect(waiting.vapiDeletions.map(({ attempts, lastError, ...which }) => which)).toEqual([
      { vapiCallId: 'call-erased-1', confirmedAt: null },
      { vapiCallId: 'call-erased-2', confirmedAt: null },
      { vapiSessionId: sessionId, confirmedAt: null },
    ]);
    expect(waiting.vapiDeletions.every(({ attempts, lastError }) => attempts >= 2 && /503/.test(lastError ?? ''))).toBe(true);

    fake.deleteBehaviour = 'success';
    let done = waiting;
    for (let tries = 0; tries < 100 && done.vapiDeletions.some(({ confirmedAt }) => confirmedAt === null); tries += 1) {
      await sleep(100);
      done = await erasure(erased.id);
    }
    expect(done.vapiDeletions.every(({ confirmedAt, lastError }) => confirmedAt !== null && lastError === null)).toBe(true);
    const deletes = fake.requests.filter(({ method }) => method === 'DELETE');
    expect(new Set(deletes.map(({ path }) => path))).toEqual(new Set(['/call/call-erased-1', '/call/call-erased-2', `/session/${sessionId}`]));
    expect(deletes.every(({ authorization }) => authorization === 'Bearer private-key')).toBe(true);
    expect([...fake.deletedCalls].sort()).toEqual(['call-erased-1', 'call-erased-2']);
    expect([...fake.chats.deletedSessions]).toEqual([sessionId]);

    // The access log says who erased whom, by ids.
    const [logged] = (await admin.agent.get('/api/audit?action=person_erased').expect(200)).body;
    expect(logged).toMatchObject({ actor: { id: admin.id }, targetIds: [lead.id], details: { erasureId: erased.id, calls: 2 } });
  });

  it('flags the person as previously erased when they call again, instead of silently rebuilding them', async () => {
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-after-erasure', number: PERSON.phone, structuredData })).expect(200);
    const call = await client.call.findUniqueOrThrow({ where: { vapiCallId: 'call-after-erasure' } });
    const lead = (await admin.agent.get(`/api/leads/${call.leadId}`).expect(200)).body as LeadWithCalls;
    expect(lead.previouslyErased).toBe(true);
    const activity = (await admin.agent.get(`/api/leads/${lead._id}/activity`).expect(200)).body as { type: string; data: unknown }[];
    expect(activity.find(({ type }) => type === 'previously_erased')).toMatchObject({ data: { erasureIds: [expect.any(String)] } });
    // Someone new is not flagged.
    const stranger = (await post('/api/leads', { name: 'Kabir Rao', email: 'kabir@example.in' }).expect(201)).body as Lead;
    expect(stranger.previouslyErased).toBe(false);
  });

  it('erases a person merged into another lead: the lead they became, and the merge record that kept them as they were', async () => {
    const kept = (await post('/api/leads', { name: 'Farah Merchant', phone: '+919860000601', email: 'farah.merchant@example.in', location: 'Pune' }).expect(201)).body as Lead;
    const merged = (await post('/api/leads', { name: 'Farah Khan Merchant', phone: '+919860000602', email: 'farah.k@example.in' }).expect(201)).body as Lead;
    await post(`/api/leads/${merged._id}/notes`, { body: 'Prefers WhatsApp' }).expect(201);
    const merge = (await post('/api/leads/merge', { keepId: kept._id, mergeId: merged._id, keepVersion: kept.version, mergeVersion: merged.version }).expect(200)).body;
    // The kept lead kept its own phone and email: the merged lead's live on in the merge record only.
    expect(await client.lead.count({ where: { email: 'farah.k@example.in' } })).toBe(0);
    expect(await client.leadMerge.count({ where: { id: merge.merge.id } })).toBe(1);

    const erased = (await post('/api/privacy/erasure', { email: 'FARAH.K@example.in', requestedBy: 'The person, ticket 44' }).expect(200)).body as Erasure;
    expect(erased.records.leadIds).toEqual([kept._id]);
    expect(erased.records.deleted).toMatchObject({ leads: 1, lead_notes: 1, lead_merges: 1 });
    const findings = await findTextAnywhere(client, provider, testApp.database.url, ['9860000601', '9860000602', 'farah.merchant@example.in', 'farah.k@example.in', 'Farah Merchant', 'Farah Khan']);
    expect(findings).toEqual([]);
    await post(`/api/leads/merges/${merge.merge.id}/undo`, {}).expect(404);
    // Both of the person's numbers are recognised if they come back.
    const returning = (await post('/api/leads', { name: 'Farah', phone: '+919860000602' }).expect(201)).body as Lead;
    expect(returning.previouslyErased).toBe(true);
  });

  it('answers 404 for nobody, 400 naming the field for a bad request, and 403 for an agent', async () => {
    const none = await post('/api/privacy/erasure', { email: 'nobody@example.in', requestedBy: 'ticket 43' }).expect(404);
    expect(none.body.message).toBe('Nobody with that phone number or email is stored.');
    const both = await post('/api/privacy/erasure', { phone: '+919860000201', email: 'a@example.in', requestedBy: 'x' }).expect(400);
    expect(both.body.errors).toEqual([{ field: 'phone', message: 'send either phone or email' }]);
    const noRequester = await post('/api/privacy/erasure', { email: 'a@example.in' }).expect(400);
    expect(noRequester.body.errors.map(({ field }: { field: string }) => field)).toEqual(['requestedBy']);
    const badPhone = await post('/api/privacy/erasure', { phone: '12', requestedBy: 'x' }).expect(400);
    expect(badPhone.body.errors).toEqual([{ field: 'phone', message: '12 is not a valid phone number' }]);
    await post('/api/privacy/erasure', { email: 'kabir@example.in', requestedBy: 'x' }, agent).expect(403);
    expect(await client.lead.count({ where: { email: 'kabir@example.in' } })).toBe(1);
  });
});
