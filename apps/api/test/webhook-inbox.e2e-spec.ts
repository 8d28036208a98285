import type { Vapi } from '@vapi-ai/server-sdk';
import { Database } from '../src/database/database';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { failCallWrites, restoreCallWrites } from './support/call-write-failure';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'inbox-webhook-secret';

/** Admins see the deliveries that failed or name no call, page through them and replay one. */
describe.each(PROVIDERS)('webhook inbox on %s', (provider) => {
  let testApp: TestApp;
  let prisma: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_SECRET: SECRET });
    prisma = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  const deliver = (body: object) => testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send(body);
  const list = (query: string) => testApp.http.get(`/api/webhooks/events?${query}`);

  it('lists messages that name no call, newest first, in keyset pages that neither repeat nor skip one', async () => {
    for (const status of ['queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const) {
      await deliver({ message: { ...statusUpdate('unused', status).message, call: undefined } }).expect(202);
    }
    const seen: { status: string; payload: { status: string } }[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { events: typeof seen; nextCursor: string | null } } = await list(`status=unattributable&limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      expect(page.body.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.events);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.map((event) => event.payload.status)).toEqual(['ended', 'forwarding', 'in-progress', 'ringing', 'queued']);
    expect(seen.every((event) => event.status === 'unattributable')).toBe(true);
  });

  it('lists a delivery whose processing failed with its error, replays it once the fault is gone, and refuses to replay it twice', async () => {
    await failCallWrites(prisma, provider);
    await deliver(endOfCallReport({ callId: 'call-inbox-failed', number: '+919850000001', structuredData: { name: 'Inbox Ira', email: 'ira@inbox.example.in' } })).expect(202);
    await restoreCallWrites(prisma, provider);

    const { events } = (await list('status=failed').expect(200)).body;
    expect(events).toEqual([
      expect.objectContaining({ type: 'end-of-call-report', vapiCallId: 'call-inbox-failed', status: 'failed', attempts: 1, processedAt: null, error: expect.any(String) }),
    ]);
    expect((await list('status=unattributable').expect(200)).body.events.map((event: { id: string }) => event.id)).not.toContain(events[0].id);

    const replayed = await testApp.http.post(`/api/webhooks/events/${events[0].id}/replay`).expect(200);
    expect(replayed.body).toMatchObject({ outcome: 'processed', event: { id: events[0].id, status: 'processed', attempts: 2, error: null } });
    expect(await prisma.lead.count({ where: { email: 'ira@inbox.example.in' } })).toBe(1);
    expect((await list('status=failed').expect(200)).body.events).toEqual([]);
    await testApp.http.post(`/api/webhooks/events/${events[0].id}/replay`).expect(409);
  });

  it('replays a message that names no call to the same outcome, and answers 404 for an unknown event', async () => {
    const [event] = (await list('status=unattributable&limit=1').expect(200)).body.events;
    const replayed = await testApp.http.post(`/api/webhooks/events/${event.id}/replay`).expect(200);
    expect(replayed.body).toMatchObject({ outcome: 'unattributable', event: { id: event.id, status: 'unattributable' } });
    await testApp.http.post('/api/webhooks/events/no-such-event/replay').expect(404);
  });

  it('masks credentials a message may carry (an inline assistant’s server headers), and shows the rest', async () => {
    const message = {
      ...statusUpdate('unused', 'queued').message,
      call: undefined,
      assistant: { name: 'Inline', server: { url: 'https://hooks.example.in', headers: { Authorization: 'Bearer inline-token-1234' }, secret: 'inline-secret-5678' } },
    };
    await deliver({ message }).expect(202);
    const [event] = (await list('status=unattributable&limit=1').expect(200)).body.events;
    expect(event.payload.assistant).toEqual({ name: 'Inline', server: { url: 'https://hooks.example.in', headers: { Authorization: '[redacted]' }, secret: '[redacted]' } });
    expect(JSON.stringify(event)).not.toMatch(/inline-token-1234|inline-secret-5678/);
  });

  it('stores and shows a Vapi message with every credential-like key masked at any depth, keeps ordinary fields, and still processes it', async () => {
    const report = endOfCallReport({ callId: 'call-inbox-credentials', number: '+919850000002', structuredData: { name: 'Inbox Kiran', email: 'kiran@inbox.example.in' } }).message;
    const credentials: Vapi.CreateAssistantDtoCredentialsItem[] = [
      { provider: 'twilio', accountSid: 'AC-credential', authToken: 'canary-credential-auth-token', apiKey: 'canary-credential-api-key', apiSecret: 'canary-credential-api-secret' },
      {
        provider: 'gcp',
        gcpKey: {
          type: 'service_account',
          projectId: 'lead-desk',
          privateKeyId: 'canary-gcp-private-key-id',
          privateKey: '-----BEGIN PRIVATE KEY-----canary-gcp-private-key',
          clientEmail: 'voice@lead-desk.iam.example',
          clientId: '1234',
          authUri: 'https://accounts.example/auth',
          tokenUri: 'https://oauth2.example/token',
          authProviderX509CertUrl: 'https://certs.example',
          clientX509CertUrl: 'https://certs.example/voice',
          universeDomain: 'example',
        },
      },
    ];
    const message: Vapi.ServerMessageEndOfCallReport = {
      ...report,
      call: {
        ...report.call!,
        phoneNumber: {
          twilioPhoneNumber: '+918045678900',
          twilioAccountSid: 'AC0123456789abcdef0123456789abcdef',
          twilioAuthToken: 'canary-twilio-auth-token',
          twilioApiKey: 'canary-twilio-api-key',
          twilioApiSecret: 'canary-twilio-api-secret',
        },
        assistant: {
          name: 'Inline',
          transcriber: { provider: 'deepgram', keywords: ['Baner:2', 'Hinjewadi:1'] },
          model: { provider: 'openai', model: 'gpt-4o', maxTokens: 250 },
          credentials,
          server: { url: 'https://hooks.example.in', headers: { Authorization: 'Bearer canary-server-bearer', 'X-Api-Key': 'canary-server-api-key' } },
        },
        // Keys the platform passes through as they were set: any name, any depth.
        assistantOverrides: { variableValues: { crm: { bearerToken: 'canary-crm-bearer-token', private_key: 'canary-crm-private-key', key: 'canary-crm-key', monkey: 'Bandar' } } },
      },
    };
    await failCallWrites(prisma, provider);
    await deliver({ message }).expect(202);
    await restoreCallWrites(prisma, provider);

    const [event] = (await list('status=failed').expect(200)).body.events;
    expect(event).toMatchObject({ vapiCallId: 'call-inbox-credentials', status: 'failed' });
    expect(event.payload.call.phoneNumber).toEqual({
      twilioPhoneNumber: '+918045678900',
      twilioAccountSid: 'AC0123456789abcdef0123456789abcdef',
      twilioAuthToken: '[redacted]',
      twilioApiKey: '[redacted]',
      twilioApiSecret: '[redacted]',
    });
    expect(event.payload.call.assistant).toEqual({
      name: 'Inline',
      transcriber: { provider: 'deepgram', keywords: ['Baner:2', 'Hinjewadi:1'] },
      model: { provider: 'openai', model: 'gpt-4o', maxTokens: 250 },
      credentials: '[redacted]',
      server: { url: 'https://hooks.example.in', headers: { Authorization: '[redacted]', 'X-Api-Key': '[redacted]' } },
    });
    expect(event.payload.call.assistantOverrides.variableValues.crm).toEqual({ bearerToken: '[redacted]', private_key: '[redacted]', key: '[redacted]', monkey: 'Bandar' });
    // Neither what staff see nor what the database keeps holds one of them.
    const stored = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: event.id } });
    for (const text of [JSON.stringify(event), stored.payload]) expect(text.match(/canary-[\w-]+/g)).toBeNull();

    // The caller's details are not credentials: the replay makes their lead.
    await testApp.http.post(`/api/webhooks/events/${event.id}/replay`).expect(200);
    expect(await prisma.lead.findFirst({ where: { email: 'kiran@inbox.example.in' } })).toMatchObject({ name: 'Inbox Kiran', phone: '+919850000002' });
  });

  it.each([
    ['status=everything', 'status'],
    ['status=failed&limit=0', 'limit'],
    ['status=failed&cursor=not-a-cursor', 'cursor'],
  ])('answers 400 to ?%s naming %s', async (query, field) => {
    const response = await list(query).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });
});
