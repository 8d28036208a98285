import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { FakeVapiServer, type FakeCallContext, type FakeServerUrl, type FakeToolCall } from '@lead-desk/test-support';
import { DateTime } from 'luxon';
import { Clock } from '../src/common/clock';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

const SECRET = 'agent-tools-secret';
const ZONE = 'Asia/Kolkata';
const kolkata = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();
/** Friday 27 November 2026, 10:00 in Kolkata: inside calling hours (09:00-21:00) and working hours (09:00-18:00). */
const FRIDAY_MORNING = kolkata('2026-11-27T10:00');

const SANJAY = '+919876500001';
const PRIYA = '+919876500002';
const DND_CALLER = '+919876500003';
const LISTED_CALLER = '+919876500004';
const RAVI_PHONE = '+919800000011';
const MEERA_PHONE = '+919800000022';

type ToolResults = { results: { toolCallId: string; name: string; result?: string; error?: string }[] };

describe.each(PROVIDERS)("the agent's tools, transfers and assistant requests on %s", (provider) => {
  const vapi = new FakeVapiServer();
  let testApp: TestApp;
  let prisma: Database['client'];
  let server: FakeServerUrl;
  let now = FRIDAY_MORNING;
  let ravi: string;
  let meera: string;
  let sanjay: string;
  let priya: string;

  const call = (id: string, customerNumber?: string): FakeCallContext => ({ id, customerNumber });
  const book = (context: FakeCallContext, toolCallId: string, args: Record<string, unknown>, argumentsAs: FakeToolCall['argumentsAs'] = 'object') =>
    vapi.sendToolCalls(server, context, [{ id: toolCallId, name: 'book_site_visit', arguments: args, argumentsAs }]);
  const onlyResult = (body: unknown) => (body as ToolResults).results[0];
  const visitsOf = (leadId: string) => prisma.task.findMany({ where: { leadId, type: 'site_visit' }, orderBy: { dueAt: 'asc' } });

  beforeAll(async () => {
    await vapi.start();
    testApp = await startTestApp(provider, {
      VAPI_WEBHOOK_SECRET: SECRET,
      VAPI_ASSISTANT_ID: 'assistant-1',
      CALLING_HOURS: '09:00-21:00',
      WORKING_HOURS: '09:00-18:00',
      CALLING_HOLIDAYS: '2026-12-25',
      WEBHOOK_REFUSALS_PER_MINUTE: '1000',
      // The agent calls new leads: never a caller it is on the line with.
      AUTO_CALLBACK: 'true',
    });
    prisma = testApp.app.get(Database).client;
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => now);
    server = { url: `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}/api/webhooks/vapi`, secret: SECRET };

    const member = (name: string, phone: string) => prisma.staffUser.create({ data: { email: `${name.toLowerCase()}@example.in`, name, role: 'agent', passwordHash: 'x', phone } });
    ravi = (await member('Ravi Kumar', RAVI_PHONE)).id;
    meera = (await member('Meera Iyer', MEERA_PHONE)).id;
    // Meera takes the round-robin's next lead.
    await prisma.staffUser.update({ where: { id: ravi }, data: { routingTurn: 5 } });
    const lead = (name: string, phone: string, extra: object = {}) => prisma.lead.create({ data: { name, phone, source: 'web form', ...extra } });
    sanjay = (await lead('Sanjay Kulkarni', SANJAY, { ownerId: ravi, interestedIn: '3 BHK Apartment', location: 'Pune', budgetText: '95 Lakh' })).id;
    priya = (await lead('Priya Nair', PRIYA, { ownerId: ravi })).id;
    await lead('Dinesh Rao', DND_CALLER, { doNotCall: true, doNotCallReason: 'Asked on a call' });
    await lead('Farah Khan', LISTED_CALLER);
    await prisma.dndNumber.create({ data: { phone: LISTED_CALLER } });
    await prisma.call.create({ data: { vapiCallId: 'earlier-call', leadId: sanjay, status: 'ended', summary: 'Sanjay wants a 3 BHK in Pune for about 95 Lakh.', createdAt: kolkata('2026-11-20T10:00') } });
    await testApp.http.put('/api/settings/assignment').send({ mode: 'round-robin' }).expect(200);
  });

  afterAll(async () => {
    await testApp.close();
    await vapi.stop();
  });

  beforeEach(() => {
    now = FRIDAY_MORNING;
  });

  it('refuses a wrong or missing credential as it refuses reports, answering and storing nothing', async () => {
    const before = await prisma.webhookEvent.count();
    for (const wrong of [{ ...server, secret: 'not-the-secret' }, { url: server.url }]) {
      const refused = await vapi.sendToolCalls(wrong, call('call-refused', SANJAY), [{ id: 'tool-refused', name: 'book_site_visit', arguments: { propertyId: 1, preferredTime: 'tomorrow 11 am' } }]);
      expect(refused.status).toBe(401);
      expect(await vapi.requestTransferDestination(wrong, call('call-refused', SANJAY)).then(({ status }) => status)).toBe(401);
      expect(await vapi.requestAssistant(wrong, call('call-refused', SANJAY)).then(({ status }) => status)).toBe(401);
    }
    expect(await prisma.webhookEvent.count()).toBe(before);
    expect(await visitsOf(sanjay)).toEqual([]);
  });

  it('answers search_properties with the best available matches to read aloud, arguments as an object or a JSON string', async () => {
    const args = { city: 'Bangalore', type: 'flat', budget: '1 Cr', bedrooms: '3BHK' };
    for (const argumentsAs of ['object', 'json'] as const) {
      const answer = await vapi.sendToolCalls(server, call('call-search', SANJAY), [{ id: `tool-search-${argumentsAs}`, name: 'search_properties', arguments: args, argumentsAs }]);
      expect(answer.status).toBe(200);
      expect(onlyResult(answer.body)).toEqual({
        toolCallId: `tool-search-${argumentsAs}`,
        name: 'search_properties',
        result: expect.stringContaining('Property 2: Prestige Lakeside Habitat 3BHK, a 3-bedroom apartment in Whitefield, Bengaluru, for 95 lakh rupees.'),
      });
    }
    const bad = await vapi.sendToolCalls(server, call('call-search', SANJAY), [{ id: 'tool-search-bad', name: 'search_properties', arguments: { budget: 'a lot' } }]);
    expect(onlyResult(bad.body).error).toMatch(/^Invalid arguments: budget must be an amount in rupees/);
  });

  it("books a visit with the lead's owner at the time asked for (arguments as an object), moves the lead to Site Visit Scheduled and says so on the timeline", async () => {
    const answer = await book(call('call-sanjay', SANJAY), 'tool-book-1', { propertyId: 1, preferredTime: 'tomorrow 11 am' });
    expect(answer.status).toBe(200);
    expect(onlyResult(answer.body)).toEqual({
      toolCallId: 'tool-book-1',
      name: 'book_site_visit',
      result: expect.stringMatching(/^Booked: a site visit to Skyline Residency 2BHK tomorrow at 11 am with Ravi, who will meet the caller at Site office, Skyline Residency 2BHK/),
    });
    const [visit] = await visitsOf(sanjay);
    expect(visit).toMatchObject({ assigneeId: ravi, propertyId: 1, vapiCallId: 'call-sanjay', createdById: null, dueAt: kolkata('2026-11-28T11:00'), endsAt: kolkata('2026-11-28T12:00'), doneAt: null });
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: sanjay } })).toMatchObject({ stageId: 'stage-site-visit-scheduled', version: 2 });
    const timeline = (await testApp.http.get(`/api/leads/${sanjay}/activity`).expect(200)).body as { type: string; data: Record<string, unknown> }[];
    expect(timeline.map(({ type }) => type)).toEqual(['stage_changed', 'task']);
    expect(timeline[0].data).toEqual({ from: { id: 'stage-new', name: 'New' }, to: { id: 'stage-site-visit-scheduled', name: 'Site Visit Scheduled' }, lostReason: null });
    expect(timeline[1].data).toMatchObject({ taskId: visit.id, taskType: 'site_visit', event: 'created', vapiCallId: 'call-sanjay', text: expect.stringContaining('during call call-sanjay') });
  });

  it('answers a retried tool call (same toolCallId, arguments as a JSON string) with the same answer, booking nothing more', async () => {
    const first = await prisma.toolCallAnswer.findUniqueOrThrow({ where: { toolCallId: 'tool-book-1' } });
    const again = await book(call('call-sanjay', SANJAY), 'tool-book-1', { propertyId: 1, preferredTime: 'tomorrow 11 am' }, 'json');
    expect(onlyResult(again.body)).toEqual({ toolCallId: 'tool-book-1', name: 'book_site_visit', ...JSON.parse(first.answer) });
    expect(await visitsOf(sanjay)).toHaveLength(1);
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: sanjay } })).toMatchObject({ version: 2 });
  });

  it("offers the two nearest free times when the agent's time is taken", async () => {
    const answer = await book(call('call-priya', PRIYA), 'tool-priya-1', { propertyId: 2, preferredTime: '2026-11-28T11:00' }, 'json');
    expect(onlyResult(answer.body).result).toBe(
      'Not booked. That time is already taken in our adviser’s diary. The nearest free times are tomorrow at 10 am or tomorrow at 12 noon. Ask the caller which suits them, then book that time.',
    );
    expect(await visitsOf(priya)).toEqual([]);
    // The caller picks one: booked.
    const picked = await book(call('call-priya', PRIYA), 'tool-priya-2', { propertyId: 2, preferredTime: 'tomorrow at 12 noon' });
    expect(onlyResult(picked.body).result).toMatch(/^Booked: .* tomorrow at 12 noon with Ravi/);
  });

  it('answers a time outside working hours, a holiday and a fully booked day with alternatives', async () => {
    const evening = await book(call('call-priya', PRIYA), 'tool-priya-3', { propertyId: 2, preferredTime: 'Saturday 8 pm' });
    expect(onlyResult(evening.body).result).toBe(
      'Not booked. Visits are between 9 am and 6 pm. The nearest free times are tomorrow at 4 pm or tomorrow at 5 pm. Ask the caller which suits them, then book that time.',
    );
    const christmas = await book(call('call-priya', PRIYA), 'tool-priya-4', { propertyId: 2, preferredTime: '2026-12-25T11:00' });
    expect(onlyResult(christmas.body).result).toContain('That day is a holiday. The nearest free times are Saturday 26 December at 9 am or Saturday 26 December at 10 am.');

    // Ravi's Monday is full, from 9 to 6.
    for (let hour = 9; hour < 18; hour += 1) {
      const start = kolkata(`2026-11-30T${String(hour).padStart(2, '0')}:00`);
      await prisma.task.create({ data: { leadId: sanjay, type: 'meeting', assigneeId: ravi, dueAt: start, endsAt: new Date(start.getTime() + 3_600_000) } });
    }
    const monday = await book(call('call-priya', PRIYA), 'tool-priya-5', { propertyId: 2, preferredTime: 'next Monday at 11' });
    expect(onlyResult(monday.body).result).toContain('already taken in our adviser’s diary. The nearest free times are Tuesday 1 December at 9 am or Tuesday 1 December at 10 am.');
    expect(await visitsOf(priya)).toHaveLength(1);
  });

  it('names bad arguments, an unknown tool and a property that cannot be visited, booking nothing', async () => {
    const answer = await vapi.sendToolCalls(server, call('call-priya', PRIYA), [
      { id: 'tool-bad-1', name: 'book_site_visit', arguments: { propertyId: 'the big one' } },
      { id: 'tool-bad-2', name: 'order_pizza', arguments: {} },
      { id: 'tool-bad-3', name: 'book_site_visit', arguments: { propertyId: 999, preferredTime: 'tomorrow 3 pm' } },
      { id: 'tool-bad-4', name: 'book_site_visit', arguments: { propertyId: 2, preferredTime: 'whenever' } },
    ]);
    expect((answer.body as ToolResults).results).toEqual([
      { toolCallId: 'tool-bad-1', name: 'book_site_visit', error: 'Invalid arguments: propertyId must be the id of a property from search_properties; preferredTime must be the time the caller asked for.' },
      { toolCallId: 'tool-bad-2', name: 'order_pizza', error: 'There is no tool named order_pizza.' },
      { toolCallId: 'tool-bad-3', name: 'book_site_visit', error: 'There is no property 999. Use the id of a property from search_properties.' },
      { toolCallId: 'tool-bad-4', name: 'book_site_visit', error: 'I could not tell a day and time from "whenever". Ask the caller for a day and a time.' },
    ]);
    await prisma.property.update({ where: { id: 3 }, data: { status: 'sold' } });
    const sold = await book(call('call-priya', PRIYA), 'tool-bad-5', { propertyId: 3, preferredTime: 'tomorrow 3 pm' });
    expect(onlyResult(sold.body).error).toBe('Green Valley Heights 2BHK is sold and cannot be visited. Offer the caller other properties.');
    expect(await visitsOf(priya)).toHaveLength(1);
  });

  it("makes a new caller's lead (routed) when they book before any report, and the call's report then completes that lead", async () => {
    const caller = '+919876500099';
    const answer = await book(call('call-new', caller), 'tool-new-1', { propertyId: 4, preferredTime: 'tomorrow 3 pm' });
    expect(onlyResult(answer.body).result).toMatch(/^Booked: a site visit to DLF Park Place 4BHK tomorrow at 3 pm with Meera/);
    const [lead] = await prisma.lead.findMany({ where: { phone: caller } });
    expect(lead).toMatchObject({ name: 'Unknown caller', source: 'voice bot', ownerId: meera, stageId: 'stage-site-visit-scheduled' });
    expect(await prisma.call.findUniqueOrThrow({ where: { vapiCallId: 'call-new' } })).toMatchObject({ leadId: lead.id });
    // Made by the intake (its timeline says where the lead came from), with no callback for a person already on the line.
    expect(await prisma.leadActivity.findMany({ where: { leadId: lead.id, type: { in: ['created', 'arrived'] } }, select: { type: true } })).toEqual(
      expect.arrayContaining([{ type: 'created' }, { type: 'arrived' }]),
    );
    expect(await prisma.callbackCadence.count({ where: { leadId: lead.id } })).toBe(0);

    await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send(endOfCallReport({ callId: 'call-new', number: caller })).expect(200);
    const leads = await prisma.lead.findMany({ where: { phone: caller } });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ id: lead.id, name: 'Sanjay Kulkarni', ownerId: meera });
    expect(await visitsOf(lead.id)).toHaveLength(1);
  });

  describe('transfer-destination-request', () => {
    const setStaff = (id: string, data: { available?: boolean; phone?: string | null; workingHours?: string | null }) => prisma.staffUser.update({ where: { id }, data });
    afterEach(async () => {
      await setStaff(ravi, { available: true, phone: RAVI_PHONE, workingHours: null });
      await setStaff(meera, { available: true, phone: MEERA_PHONE, workingHours: null });
    });

    it("puts the caller through to their lead's owner while the owner can take it", async () => {
      const answer = await vapi.requestTransferDestination(server, call('call-transfer-1', SANJAY));
      expect(answer).toEqual({ status: 200, body: { destination: { type: 'number', number: RAVI_PHONE, message: 'Connecting you to Ravi, one moment please.' } } });
    });

    it('goes to the next agent by routing when the owner is away, has no phone or is outside their own hours', async () => {
      for (const change of [{ available: false }, { phone: null }, { workingHours: '12:00-20:00' }]) {
        await setStaff(ravi, change);
        const answer = await vapi.requestTransferDestination(server, call('call-transfer-2', SANJAY));
        expect(answer.body).toEqual({ destination: { type: 'number', number: MEERA_PHONE, message: 'Connecting you to Meera, one moment please.' } });
        await setStaff(ravi, { available: true, phone: RAVI_PHONE, workingHours: null });
      }
    });

    it('answers an error the agent can say when nobody is available, and makes one callback task for the owner, however often asked', async () => {
      await setStaff(ravi, { available: false });
      await setStaff(meera, { available: false });
      const first = await vapi.requestTransferDestination(server, call('call-transfer-3', SANJAY));
      expect(first).toEqual({ status: 200, body: { error: 'I am sorry, none of our advisers can take your call right now. I have asked Ravi to call you back as soon as possible.' } });
      const again = await vapi.requestTransferDestination(server, call('call-transfer-3', SANJAY));
      expect(again.body).toEqual(first.body);
      const callbacks = await prisma.task.findMany({ where: { leadId: sanjay, type: 'call' } });
      expect(callbacks).toEqual([expect.objectContaining({ assigneeId: ravi, vapiCallId: 'call-transfer-3', dueAt: FRIDAY_MORNING, createdById: null })]);
      const timeline = (await testApp.http.get(`/api/leads/${sanjay}/activity`).expect(200)).body as { type: string; data: { taskType?: string } }[];
      expect(timeline.filter(({ type, data }) => type === 'task' && data.taskType === 'call')).toHaveLength(1);
    });

    it('after calling hours, nobody is put through and the callback is due when the owner next works', async () => {
      now = kolkata('2026-11-27T21:30');
      const answer = await vapi.requestTransferDestination(server, call('call-transfer-4', PRIYA));
      expect(answer.body).toEqual({ error: 'I am sorry, none of our advisers can take your call right now. I have asked Ravi to call you back tomorrow at 9 am.' });
      expect(await prisma.task.findMany({ where: { leadId: priya, type: 'call' } })).toEqual([expect.objectContaining({ assigneeId: ravi, dueAt: kolkata('2026-11-28T09:00') })]);
    });
  });

  describe('assistant-request', () => {
    it('answers a known caller with the assistant and what we know of them, for the greeting', async () => {
      const answer = await vapi.requestAssistant(server, call('call-inbound-1', SANJAY));
      expect(answer).toEqual({
        status: 200,
        body: {
          assistantId: 'assistant-1',
          assistantOverrides: {
            variableValues: {
              knownCaller: 'yes',
              firstName: 'Sanjay',
              lastInterest: '3 BHK Apartment, in Pune, budget 95 Lakh',
              lastCallSummary: 'Sanjay wants a 3 BHK in Pune for about 95 Lakh.',
              bookedVisit: 'tomorrow at 11 am at Skyline Residency 2BHK (Site office, Skyline Residency 2BHK, Andheri West, Mumbai) with Ravi Kumar',
            },
          },
        },
      });
    });

    it('answers an unknown caller, a Do Not Call lead and a number on the DND list with the plain assistant', async () => {
      for (const number of ['+919812399999', DND_CALLER, LISTED_CALLER]) {
        expect(await vapi.requestAssistant(server, call(`call-inbound-${number}`, number))).toEqual({ status: 200, body: { assistantId: 'assistant-1' } });
      }
    });
  });

  it('stores every answered message in the inbox, as processed', async () => {
    const stored = await prisma.webhookEvent.findMany({ where: { type: { in: ['tool-calls', 'transfer-destination-request', 'assistant-request'] } } });
    const byType = (type: string) => stored.filter((event) => event.type === type);
    expect(byType('tool-calls').length).toBeGreaterThanOrEqual(10);
    expect(byType('transfer-destination-request').length).toBeGreaterThanOrEqual(7);
    expect(byType('assistant-request')).toHaveLength(4);
    expect(stored.every((event) => event.processedAt !== null && event.error === null && event.vapiCallId !== null)).toBe(true);
    const first = byType('assistant-request').find((event) => event.vapiCallId === 'call-inbound-1')!;
    expect(JSON.parse(first.payload)).toMatchObject({ type: 'assistant-request', call: { id: 'call-inbound-1' }, customer: { number: SANJAY } });
  });

  it('answers odd and hostile messages with 200 and an answer, or 400 naming the field, never a 5xx', async () => {
    const odd = fc.oneof(fc.jsonValue(), fc.string(), fc.constant(null));
    const toolCall = fc.record({
      id: fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 20 }), odd),
      function: fc.oneof(
        fc.record({ name: fc.constantFrom('search_properties', 'book_site_visit', 'unknown_tool'), arguments: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.json(), odd) }),
        odd,
      ),
    });
    const message = fc.record({
      type: fc.constantFrom('tool-calls', 'transfer-destination-request', 'assistant-request'),
      call: fc.oneof(fc.record({ id: fc.uuid(), customer: fc.oneof(fc.record({ number: fc.oneof(fc.constant(PRIYA), fc.string()) }), odd) }), odd),
      customer: odd,
      toolCallList: fc.oneof(fc.array(toolCall, { maxLength: 3 }), odd),
    });
    await fc.assert(
      fc.asyncProperty(message, async (body) => {
        const response = await testApp.http.post('/api/webhooks/vapi').set('X-Vapi-Secret', SECRET).send({ message: body });
        expect([200, 400]).toContain(response.status);
        if (response.status === 400) expect(response.body.errors.length).toBeGreaterThan(0);
        else if (body.type === 'tool-calls') expect((response.body as ToolResults).results.map(({ toolCallId }) => toolCallId)).toEqual((body.toolCallList as { id: string }[]).map(({ id }) => id));
        else expect(Object.keys(response.body).some((key) => ['destination', 'error', 'assistantId'].includes(key))).toBe(true);
      }),
      { numRuns: 150, seed: 24 },
    );
  });
});
