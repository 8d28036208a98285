import { FakeVapiServer } from '@lead-desk/test-support';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { queryRows } from './support/database-rows';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';

const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const VAPI_ENV = {
  VAPI_PRIVATE_KEY: 'private-key-never-leaves-the-server',
  VAPI_PUBLIC_KEY: 'public-key-for-browsers',
  VAPI_ASSISTANT_ID: 'assistant-1',
  VAPI_PHONE_NUMBER_ID: 'phone-number-1',
  VAPI_TIMEOUT_SECONDS: '5',
  VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

interface ResponseTimeRow {
  source: string;
  arrived: string | null;
  attempt: string | null;
  conversation: string | null;
  ownerAction: string | null;
}

/** Response times are written by whatever writes leads, calls and timeline entries, in the same transaction: each path over HTTP. */
describe.each(PROVIDERS)('response times per lead on %s', (provider) => {
  const fake = new FakeVapiServer();
  let testApp: TestApp;
  let admin: StaffSession;
  let asha: StaffSession;

  beforeAll(async () => {
    await fake.start();
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, ...VAPI_ENV, VAPI_API_URL: fake.url, VAPI_WEB_API_URL: 'http://127.0.0.1:9/web' });
    admin = await signIn(testApp, TEST_ADMIN);
    asha = await signedInAgent(testApp, admin, 'Asha Rao');
  });
  afterAll(async () => {
    await testApp.close();
    await fake.stop();
  });

  const time = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  async function responseTime(leadId: string): Promise<ResponseTimeRow | undefined> {
    const rows = await queryRows<Record<string, string | Date | null>>(
      testApp.database,
      `SELECT source, arrived_at, first_attempt_at, first_conversation_at, first_owner_action_at FROM lead_response_times WHERE lead_id = '${leadId}'`,
    );
    return rows.map((row) => ({
      source: row.source as string,
      arrived: time(row.arrived_at),
      attempt: time(row.first_attempt_at),
      conversation: time(row.first_conversation_at),
      ownerAction: time(row.first_owner_action_at),
    }))[0];
  }
  const send = (session: StaffSession, method: 'post' | 'patch', path: string, body: object) => session.agent[method](path).set('X-CSRF-Token', session.csrf).send(body);
  const webhook = (body: unknown) => testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', WEBHOOK_SECRET).send(body as object).expect(200);
  const addLead = async (name: string, phone: string) => {
    const lead = (await send(admin, 'post', '/api/leads', { name, phone, source: 'walk-in' }).expect(201)).body as { _id: string; createdAt: string };
    return { id: lead._id, createdAt: lead.createdAt };
  };
  const giveTo = (leadId: string, ownerId: string) => send(admin, 'patch', `/api/leads/${leadId}`, { ownerId }).expect(200);

  it("gives staff's new lead its row: arrival at its creation, nothing answered yet", async () => {
    const lead = await addLead('Meena Pillai', '+919800000101');
    expect(await responseTime(lead.id)).toEqual({ source: 'walk-in', arrived: lead.createdAt, attempt: null, conversation: null, ownerAction: null });
  });

  it("sets the first attempt when the owner places a call (their first action too), the conversation when it connects, and a later call moves neither", async () => {
    const lead = await addLead('Kiran Das', '+919800000102');
    await giveTo(lead.id, asha.id);
    // The admin gave the lead away: routing is not the owner's answer.
    expect((await responseTime(lead.id))?.ownerAction).toBeNull();
    const placed = (await send(asha, 'post', '/api/calls', { leadId: lead.id }).expect(201)).body as { id: string; vapiCallId: string };
    const [call] = await queryRows<{ created_at: string | Date }>(testApp.database, `SELECT created_at FROM calls WHERE id = '${placed.id}'`);
    const afterCall = await responseTime(lead.id);
    expect(afterCall).toMatchObject({ attempt: time(call.created_at), conversation: null, ownerAction: time(call.created_at) });

    await webhook(statusUpdate(placed.vapiCallId, 'in-progress'));
    const connected = await responseTime(lead.id);
    expect(connected?.conversation).not.toBeNull();
    expect(connected!.conversation! >= afterCall!.attempt!).toBe(true);

    await send(admin, 'post', '/api/calls', { leadId: lead.id }).expect(201);
    expect(await responseTime(lead.id)).toEqual(connected);
  });

  it("counts a note as the owner's first action only when the owner writes it", async () => {
    const lead = await addLead('Farah Khan', '+919800000103');
    await giveTo(lead.id, asha.id);
    await send(admin, 'post', `/api/leads/${lead.id}/notes`, { body: 'The admin looked first' }).expect(201);
    expect((await responseTime(lead.id))?.ownerAction).toBeNull();
    await send(asha, 'post', `/api/leads/${lead.id}/notes`, { body: 'Called back, wants a 2 BHK' }).expect(201);
    const [entry] = await queryRows<{ at: string | Date }>(testApp.database, `SELECT at FROM lead_activities WHERE lead_id = '${lead.id}' AND type = 'note_added' AND actor_id = '${asha.id}'`);
    expect((await responseTime(lead.id))?.ownerAction).toBe(time(entry.at));
  });

  it("gives the voice agent's new lead its row in the webhook's batch: the caller arrived when their call began, and was answered then", async () => {
    // The fixture's call: started 2026-11-20T10:00:00Z, 192.5 s long.
    await webhook(endOfCallReport({ callId: 'speed-voice-1', number: '+919800000104' }));
    const [lead] = await queryRows<{ id: string }>(testApp.database, `SELECT id FROM leads WHERE phone = '+919800000104'`);
    const started = '2026-11-20T10:00:00.000Z';
    expect(await responseTime(lead.id)).toEqual({ source: 'voice bot', arrived: started, attempt: started, conversation: started, ownerAction: null });
  });

  it("counts a known lead's own call that connected (the page's voice button) as contact made, at its start", async () => {
    const lead = await addLead('Web Caller', '+919800000114');
    const report = endOfCallReport({ callId: 'speed-voice-2', number: '+919800000114', metadata: { leadId: lead.id }, type: 'webCall' });
    const started = new Date(Date.now() + 1_000).toISOString();
    Object.assign(report.message, { startedAt: started, endedAt: new Date(Date.now() + 60_000).toISOString(), durationSeconds: 59 });
    Object.assign(report.message.call!, { startedAt: started });
    await webhook(report);
    expect(await responseTime(lead.id)).toMatchObject({ attempt: started, conversation: started });
  });

  it("gives an import's new leads their rows", async () => {
    const csv = 'name,phone,source\nImported One,+919800000105,99acres\nImported Two,+919800000106,magicbricks\n';
    await admin.agent.post('/api/leads/import').set('X-CSRF-Token', admin.csrf).set('Content-Type', 'text/csv').send(csv).expect(200);
    const leads = await queryRows<{ id: string; source: string; created_at: string | Date }>(
      testApp.database,
      `SELECT id, source, created_at FROM leads WHERE phone IN ('+919800000105', '+919800000106') ORDER BY phone`,
    );
    expect(leads).toHaveLength(2);
    for (const lead of leads) expect(await responseTime(lead.id)).toMatchObject({ source: lead.source, arrived: time(lead.created_at), attempt: null });
  });

  it("keeps the kept lead's row through a merge, and gives the merged lead a row again when the merge is undone", async () => {
    const kept = await addLead('Ravi Iyer', '+919800000107');
    const merged = await addLead('Ravi I.', '+919800000108');
    await giveTo(kept.id, asha.id);
    await send(asha, 'post', `/api/leads/${kept.id}/notes`, { body: 'Spoke to Ravi' }).expect(201);
    const keptBefore = await responseTime(kept.id);
    const [versions] = await queryRows<{ kept: number; merged: number }>(
      testApp.database,
      `SELECT (SELECT version FROM leads WHERE id = '${kept.id}') AS kept, (SELECT version FROM leads WHERE id = '${merged.id}') AS merged`,
    );
    const outcome = (await send(admin, 'post', '/api/leads/merge', { keepId: kept.id, mergeId: merged.id, keepVersion: Number(versions.kept), mergeVersion: Number(versions.merged) }).expect(200))
      .body as { merge: { id: string } };
    expect(await responseTime(kept.id)).toEqual(keptBefore);
    expect(await responseTime(merged.id)).toBeUndefined();
    await send(admin, 'post', `/api/leads/merges/${outcome.merge.id}/undo`, {}).expect(200);
    expect(await responseTime(merged.id)).toMatchObject({ source: 'walk-in', arrived: merged.createdAt });
  });

  it('leaves no lead without its row', async () => {
    const orphans = await queryRows<{ id: string }>(testApp.database, 'SELECT l.id FROM leads l LEFT JOIN lead_response_times r ON r.lead_id = l.id WHERE r.lead_id IS NULL');
    expect(orphans).toEqual([]);
  });
});
