import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Database } from '../src/database/database';
import { Vapi } from '@vapi-ai/server-sdk';
import { endOfCallReport, statusUpdate, structuredOutputsReport, unansweredCallReport, webCallReport } from './fixtures/vapi-messages';
import { failCallWrites, restoreCallWrites } from './support/call-write-failure';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'webhook-secret-for-tests';

describe.each(PROVIDERS)('POST /api/webhooks/vapi on %s', (provider) => {
  let testApp: TestApp;
  let prisma: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_SECRET: SECRET, WEBHOOK_MAX_BYTES: '65536' });
    prisma = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  const post = (body: unknown, secret: string | null = SECRET) => {
    const pending = testApp.http.post('/api/webhooks/vapi');
    return (secret === null ? pending : pending.set('X-Vapi-Secret', secret)).send(body as object);
  };
  const leadByEmail = (email: string) => prisma.lead.findMany({ where: { email } });

  it('records the call and creates a qualified voice-bot lead from an end-of-call-report', async () => {
    const response = await post(endOfCallReport({ callId: 'call-create', number: '+919812345678' })).expect(200);
    expect(response.body).toEqual({ received: true, stored: true, processed: true });
    const [lead] = await leadByEmail('sanjay.kulkarni@example.in');
    expect(lead).toMatchObject({ name: 'Sanjay Kulkarni', phone: '+919812345678', location: 'Pune', qualified: true, source: 'voice bot', budgetText: '95 Lakh', loanNeeded: true, interestedIn: '3 BHK Apartment', timeline: '3 months' });
    const details = await testApp.http.get(`/api/leads/${lead.id}`).expect(200);
    expect(details.body.calls).toEqual([
      expect.objectContaining({
        vapiCallId: 'call-create',
        leadId: lead.id,
        type: 'inboundPhoneCall',
        status: 'ended',
        endedReason: 'customer-ended-call',
        startedAt: '2026-11-20T10:00:00.000Z',
        endedAt: '2026-11-20T10:03:12.500Z',
        durationSeconds: 192.5,
        cost: 0.2134,
        summary: expect.stringContaining('3 BHK'),
        transcript: expect.stringContaining('Namaste'),
        recordingUrl: 'https://storage.vapi.ai/call-create-mono.wav',
        structuredData: expect.objectContaining({ name: 'Sanjay Kulkarni', qualified: true }),
        structuredOutputs: null,
        successEvaluation: 'true',
      }),
    ]);
  });

  it('creates the lead from a structured-outputs report, and keeps every output by name and the success evaluation on the call', async () => {
    const report = structuredOutputsReport(
      'call-outputs',
      '+919812300000',
      { name: 'Priya Nair', email: 'Priya.Nair@Example.in', location: 'Kochi', interested_in: '2 BHK Apartment', budget: '1.2 Crore', timeline: 'this year', loanNeeded: false, qualified: true },
      { 'b5a390d8-87c5-4015-b1ad-ed237201bdf0': { name: 'Call Summary', result: 'Wants a 2 BHK in Kochi.' } },
    );
    report.message.analysis = { successEvaluation: 'false' };
    await post(report).expect(200);
    const [lead] = await leadByEmail('priya.nair@example.in');
    expect(lead).toMatchObject({ name: 'Priya Nair', phone: '+919812300000', location: 'Kochi', interestedIn: '2 BHK Apartment', budgetText: '1.2 Crore', timeline: 'this year', loanNeeded: false, qualified: true, source: 'voice bot' });
    const [call] = (await testApp.http.get(`/api/leads/${lead.id}`).expect(200)).body.calls;
    expect(call).toMatchObject({
      structuredData: null,
      structuredOutputs: {
        'Lead Desk lead': expect.objectContaining({ name: 'Priya Nair', qualified: true }),
        'Call Summary': 'Wants a 2 BHK in Kochi.',
      },
      successEvaluation: 'false',
    });
  });

  it('merges outputs named after one field first, then object outputs, then structured data, then the call customer', async () => {
    const report = endOfCallReport({
      callId: 'call-merge',
      number: '+919812300001',
      customerName: 'Customer Name Only',
      structuredData: { email: 'legacy@example.in', timeline: 'from structured data', location: 'Legacy Town' },
      successEvaluation: null,
      structuredOutputs: {
        'id-1': { name: 'Lead', result: { email: 'object@example.in', location: null, budget: 9500000 } },
        'id-2': { name: 'email', result: 'single@example.in' },
        'id-3': { name: 'Loan needed', result: 'yes' },
        'id-4': { name: 'qualified', result: false },
        'id-5': { name: 'CSAT', result: 8 },
      },
    });
    await post(report).expect(200);
    const [lead] = await leadByEmail('single@example.in');
    expect(lead).toMatchObject({ name: 'Customer Name Only', phone: '+919812300001', location: 'Legacy Town', budgetAmount: 9500000, timeline: 'from structured data', loanNeeded: true, qualified: false });
  });

  it('records an outbound call nobody answered without touching what the lead is known for', async () => {
    const known = await testApp.http.post('/api/leads').send({ name: 'Rohit Verma', phone: '+91 98123 00002', location: 'Jaipur', qualified: true, source: 'web form' }).expect(201);
    await post(unansweredCallReport('call-no-answer', '+919812300002', { leadId: known.body._id })).expect(200);
    const details = (await testApp.http.get(`/api/leads/${known.body._id}`).expect(200)).body;
    expect(details).toMatchObject({ name: 'Rohit Verma', location: 'Jaipur', qualified: true, source: 'web form' });
    expect(details.calls).toEqual([
      expect.objectContaining({ vapiCallId: 'call-no-answer', status: 'ended', endedReason: 'customer-did-not-answer', summary: null, transcript: null, recordingUrl: null, structuredOutputs: null, successEvaluation: null }),
    ]);
    expect(await prisma.lead.count({ where: { phone: '+919812300002' } })).toBe(1);
  });

  it('creates a lead without a phone from a web call, and an unqualified "Unknown caller" when the call learnt nothing', async () => {
    await post(webCallReport('call-web', { 'id-1': { name: 'Lead Desk lead', result: { name: 'Web Visitor', email: 'web.visitor@example.in', qualified: null } } })).expect(200);
    const [lead] = await leadByEmail('web.visitor@example.in');
    expect(lead).toMatchObject({ name: 'Web Visitor', phone: null, qualified: false, source: 'voice bot' });
    expect(await prisma.call.findUnique({ where: { vapiCallId: 'call-web' } })).toMatchObject({ type: 'webCall', customerNumber: null, leadId: lead.id });

    await post(webCallReport('call-web-silent', {})).expect(200);
    const silent = await prisma.call.findUniqueOrThrow({ where: { vapiCallId: 'call-web-silent' }, include: { lead: true } });
    expect(silent.lead).toMatchObject({ name: 'Unknown caller', phone: null, email: null, qualified: false });
  });

  it("leaves a known lead's qualification as it was when a report does not judge it, and never takes the success evaluation for it", async () => {
    const known = await testApp.http.post('/api/leads').send({ name: 'Kavya Iyer', phone: '+91 98123 00003', qualified: true }).expect(201);
    await post(endOfCallReport({ callId: 'call-no-verdict', number: '+919812300003', structuredData: { timeline: 'next month' }, successEvaluation: 'false' })).expect(200);
    expect(await prisma.lead.findUnique({ where: { id: known.body._id } })).toMatchObject({ qualified: true, timeline: 'next month' });
    await post(structuredOutputsReport('call-verdict', '+919812300003', { qualified: 'no' })).expect(200);
    expect(await prisma.lead.findUnique({ where: { id: known.body._id } })).toMatchObject({ qualified: false });
  });

  it('updates a known caller (same phone) instead of creating a second lead, keeping their name when the call learnt none', async () => {
    const known = await testApp.http.post('/api/leads').send({ name: 'Farah Khan', phone: '+91 98200 11111', source: 'web form' }).expect(201);
    await post(endOfCallReport({ callId: 'call-known', number: '+919820011111', structuredData: { location: 'Thane', budget: 7000000 }, successEvaluation: 'false' })).expect(200);
    const leads = await prisma.lead.findMany({ where: { phone: '+919820011111' } });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ id: known.body._id, name: 'Farah Khan', location: 'Thane', budgetAmount: 7000000, qualified: false, source: 'web form' });
    const details = await testApp.http.get(`/api/leads/${known.body._id}`).expect(200);
    expect(details.body.calls.map((call: { vapiCallId: string }) => call.vapiCallId)).toEqual(['call-known']);
  });

  it('falls back to the call customer number, drops a field the agent got wrong, and leaves a new lead unqualified whatever the success evaluation', async () => {
    await post(endOfCallReport({ callId: 'call-fallback', number: '+919833300000', structuredData: { name: 'Nisha Rao', email: 'not an email' }, successEvaluation: 'true' })).expect(200);
    const [lead] = await prisma.lead.findMany({ where: { phone: '+919833300000' } });
    expect(lead).toMatchObject({ name: 'Nisha Rao', email: null, qualified: false });
  });

  it('keeps exactly one call and one lead under 50 concurrent deliveries of the same report', async () => {
    const report = endOfCallReport({ callId: 'call-dup', number: '+919844400000', structuredData: { name: 'Duplicate Dev', email: 'dup@example.in', qualified: 'yes' } });
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(report)));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(await prisma.call.count({ where: { vapiCallId: 'call-dup' } })).toBe(1);
    expect(await leadByEmail('dup@example.in')).toHaveLength(1);
    expect(await prisma.webhookEvent.count({ where: { vapiCallId: 'call-dup', processedAt: null } })).toBe(0);
  });

  it('moves a call through status updates and never back', async () => {
    for (const status of ['queued', 'ringing', 'in-progress'] as const) await post(statusUpdate('call-status', status)).expect(200);
    expect((await prisma.call.findUnique({ where: { vapiCallId: 'call-status' } }))?.status).toBe('in-progress');
    await post(statusUpdate('call-status', 'ended')).expect(200);
    await post(statusUpdate('call-status', 'ringing')).expect(200);
    const call = await prisma.call.findUnique({ where: { vapiCallId: 'call-status' } });
    expect(call).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
  });

  it.each(Object.values(Vapi.ServerMessageStatusUpdateStatus))('records a first status update "%s" as it comes, and never lets it replace "ended"', async (status) => {
    await post(statusUpdate(`call-first-${status}`, status)).expect(200);
    expect(await prisma.call.findUnique({ where: { vapiCallId: `call-first-${status}` } })).toMatchObject({ status });
    await post(statusUpdate('call-ended-first', 'ended')).expect(200);
    await post(statusUpdate('call-ended-first', status)).expect(200);
    expect(await prisma.call.findUnique({ where: { vapiCallId: 'call-ended-first' } })).toMatchObject({ status: 'ended' });
  });

  it.each(['end-of-call-report', 'status-update'] as const)('stores a %s that names no call as unattributable, answers 202, and changes nothing else', async (type) => {
    const message =
      type === 'end-of-call-report'
        ? { ...endOfCallReport({ callId: 'unused', structuredData: { name: 'Nobody', email: 'nobody@example.in' } }).message, call: undefined }
        : { ...statusUpdate('unused', 'ringing').message, call: undefined };
    const [leads, calls] = [await prisma.lead.count(), await prisma.call.count()];
    const response = await post({ message }).expect(202);
    expect(response.body).toEqual({ received: true, stored: true, processed: false, unattributable: true });
    const [event] = await prisma.webhookEvent.findMany({ where: { unattributable: true, type }, orderBy: { receivedAt: 'desc' }, take: 1 });
    expect(event).toMatchObject({ type, vapiCallId: null, processedAt: null, attempts: 0 });
    expect(JSON.parse(event.payload)).toEqual(JSON.parse(JSON.stringify(message)));
    expect([await prisma.lead.count(), await prisma.call.count()]).toEqual([leads, calls]);
  });

  it.each([
    ['no secret', null],
    ['a wrong secret', 'wrong-secret'],
  ])('answers 401 to %s and stores nothing', async (_, secret) => {
    const before = await prisma.webhookEvent.count();
    const response = await post(endOfCallReport({ callId: `call-unauthorised-${secret}`, number: '+919855500000' }), secret).expect(401);
    expect(response.body).toMatchObject({ statusCode: 401, message: 'Missing or wrong webhook secret.' });
    expect(await prisma.webhookEvent.count()).toBe(before);
    expect(await prisma.call.count({ where: { vapiCallId: `call-unauthorised-${secret}` } })).toBe(0);
  });

  it("accepts the secret as the platform's bearer credential too", async () => {
    await testApp.http.post('/api/webhooks/vapi').set('Authorization', `Bearer ${SECRET}`).send(statusUpdate('call-bearer', 'queued')).expect(200);
    expect(await prisma.call.count({ where: { vapiCallId: 'call-bearer' } })).toBe(1);
  });

  it('acknowledges other message types without storing them', async () => {
    const before = await prisma.webhookEvent.count();
    await post({ message: { type: 'speech-update', status: 'started', role: 'assistant' } }).expect(200, { received: true });
    expect(await prisma.webhookEvent.count()).toBe(before);
  });

  it.each([
    [{}, 'message'],
    [{ message: {} }, 'message.type'],
    [{ message: { type: 'end-of-call-report', analysis: {}, call: 'not a call' } }, 'message.call'],
    [{ message: { type: 'status-update', call: { id: 'x' } } }, 'message.status'],
    [{ message: { type: 'status-update', status: 'ringing', call: { id: 'nul\u0000id' } } }, 'message.call.id'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await post(body).expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('rejects a message nested thousands of levels deep with a 400, before storing it', async () => {
    const deep = `{"message":{"type":"status-update","status":"ringing","call":{"id":"call-deep"},"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const response = await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).set('Content-Type', 'application/json').send(deep).expect(400);
    expect(response.body.errors).toEqual([{ field: 'message', message: 'must not nest more than 64 levels deep' }]);
    expect(await prisma.webhookEvent.count({ where: { vapiCallId: 'call-deep' } })).toBe(0);
  });

  it('stores a report whose texts carry NUL characters (which PostgreSQL cannot hold) without them', async () => {
    // A lead id in the call's metadata that cannot be one of ours is ignored, not looked up.
    const report = endOfCallReport({ callId: 'call-nul', number: '+919811100000', metadata: { leadId: 'lead\u0000' } });
    report.message.artifact!.transcript = 'AI: Namaste!\u0000';
    report.message.call!.customer = { number: '+91981110\u00000000' };
    await post(report).expect(200);
    expect(await prisma.call.findUnique({ where: { vapiCallId: 'call-nul' } })).toMatchObject({ transcript: 'AI: Namaste!', customerNumber: '+919811100000' });
  });

  it('rejects malformed JSON with a 400 and an oversize body with a 413', async () => {
    const malformed = await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).set('Content-Type', 'application/json').send('{"message": {').expect(400);
    expect(malformed.body.message).toMatch(/not valid JSON/);
    const huge = endOfCallReport({ callId: 'call-huge', number: '+919866600000' });
    huge.message.artifact.transcript = 'x'.repeat(70_000);
    await post(huge).expect(413);
    expect(await prisma.call.count({ where: { vapiCallId: 'call-huge' } })).toBe(0);
  });

  it('keeps a report whose processing failed, answers 202, and replays it with pnpm webhooks:replay', async () => {
    await failCallWrites(prisma, provider);
    const report = endOfCallReport({ callId: 'call-replay', number: '+919877700000', structuredData: { name: 'Replay Ravi', email: 'replay@example.in' } });
    const response = await post(report).expect(202);
    expect(response.body).toEqual({ received: true, stored: true, processed: false });
    const [event] = await prisma.webhookEvent.findMany({ where: { vapiCallId: 'call-replay' } });
    // SQLite reports a trigger's ABORT as a constraint violation; PostgreSQL passes the message on.
    expect(event).toMatchObject({ type: 'end-of-call-report', processedAt: null, attempts: 1, error: expect.stringMatching(/simulated failure|constraint/i) });
    expect(await leadByEmail('replay@example.in')).toHaveLength(0);

    await restoreCallWrites(prisma, provider);
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', join(__dirname, '../src/voice/cli/replay-webhooks.ts')], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, DATABASE_URL: testApp.database.url, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toContain('1 processed, 0 still failing');
    expect(await leadByEmail('replay@example.in')).toHaveLength(1);
    expect(await prisma.call.findUnique({ where: { vapiCallId: 'call-replay' } })).toMatchObject({ status: 'ended' });
    expect(await prisma.webhookEvent.findUnique({ where: { id: event.id } })).toMatchObject({ processedAt: expect.any(Date), error: null, attempts: 2 });
  });
});

describe.each(PROVIDERS)('automatic retry of stored webhooks on %s', (provider) => {
  let testApp: TestApp;
  let prisma: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { WEBHOOK_RETRY_SECONDS: '1' });
    prisma = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  async function eventOf(vapiCallId: string) {
    return prisma.webhookEvent.findFirstOrThrow({ where: { vapiCallId } });
  }

  it('processes a 202 delivery by itself once the failure is gone, and leaves one that failed 5 times to the replay command', async () => {
    await failCallWrites(prisma, provider);
    const retried = endOfCallReport({ callId: 'call-auto-retry', number: '+919877700001', structuredData: { name: 'Retry Rekha', email: 'retry@example.in' } });
    const givenUp = endOfCallReport({ callId: 'call-given-up', number: '+919877700002', structuredData: { name: 'Given Up Gopal', email: 'given-up@example.in' } });
    await testApp.http.post('/api/webhooks/vapi').send(retried).expect(202);
    await testApp.http.post('/api/webhooks/vapi').send(givenUp).expect(202);
    await prisma.webhookEvent.update({ where: { id: (await eventOf('call-given-up')).id }, data: { attempts: 5 } });
    await restoreCallWrites(prisma, provider);

    // Both are old enough for the same rounds: only the one with attempts left is retried.
    const deadline = Date.now() + 20_000;
    while ((await eventOf('call-auto-retry')).processedAt === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await eventOf('call-auto-retry')).toMatchObject({ processedAt: expect.any(Date), error: null, attempts: 2 });
    expect(await prisma.lead.count({ where: { email: 'retry@example.in' } })).toBe(1);
    expect(await eventOf('call-given-up')).toMatchObject({ processedAt: null, attempts: 5 });
    expect(await prisma.lead.count({ where: { email: 'given-up@example.in' } })).toBe(0);
  });
});

describe.each(PROVIDERS)('VAPI_QUALIFIED_FROM=successEvaluation on %s', (provider) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_QUALIFIED_FROM: 'successEvaluation' });
  });
  afterAll(() => testApp.close());

  it('takes the success evaluation as the qualification when the report gives none, and an explicit value over it', async () => {
    const prisma = testApp.app.get(Database).client;
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-evaluated', number: '+919840000001', structuredData: { name: 'Evaluated' }, successEvaluation: 'true' })).expect(200);
    expect(await prisma.lead.findFirst({ where: { phone: '+919840000001' } })).toMatchObject({ qualified: true });
    await testApp.http.post('/api/webhooks/vapi').send(structuredOutputsReport('call-explicit', '+919840000002', { name: 'Explicit', qualified: false })).expect(200);
    const report = structuredOutputsReport('call-explicit-2', '+919840000002', { qualified: false });
    report.message.analysis = { successEvaluation: 'true' };
    await testApp.http.post('/api/webhooks/vapi').send(report).expect(200);
    expect(await prisma.lead.findFirst({ where: { phone: '+919840000002' } })).toMatchObject({ qualified: false });
  });
});
