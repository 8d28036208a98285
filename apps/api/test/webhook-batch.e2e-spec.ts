import fc from 'fast-check';
import { identityKeyColumns } from '../src/leads/identity/identity-key-columns';
import { Database } from '../src/database/database';
import { WebhookProcessor } from '../src/voice/webhooks/webhook-processor.service';
import { endOfCallReport, statusUpdate } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(180_000);

const CALLS = 4;
const CALLERS = 3;
const STATUSES = ['queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const;

/** One delivery, in terms of small pools, so that generated deliveries share calls and callers. */
type Delivery =
  | { kind: 'report'; call: number; number: number; phone?: number; email?: number; name?: string; timeline?: string; qualified?: boolean; knownLead?: number }
  | { kind: 'status'; call: number; status: (typeof STATUSES)[number]; knownLead?: number };

const delivery: fc.Arbitrary<Delivery> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('report' as const),
      call: fc.nat(CALLS - 1),
      number: fc.nat(CALLERS - 1),
      phone: fc.nat(CALLERS - 1),
      email: fc.nat(CALLERS - 1),
      name: fc.constantFrom('Asha', 'Ravi', 'Meera'),
      timeline: fc.constantFrom('1 month', '3 months'),
      qualified: fc.boolean(),
      knownLead: fc.nat(1),
    },
    { requiredKeys: ['kind', 'call', 'number'] },
  ),
  fc.record(
    { kind: fc.constant('status' as const), call: fc.nat(CALLS - 1), status: fc.constantFrom(...STATUSES), knownLead: fc.nat(1) },
    { requiredKeys: ['kind', 'call', 'status'] },
  ),
);

/** Callers the database knows before the deliveries: by phone, by email, or both. */
const knownCallers = fc.array(fc.record({ phone: fc.option(fc.nat(CALLERS - 1)), email: fc.option(fc.nat(CALLERS - 1)) }), { maxLength: 2 });

/** Each run's ids, numbers and addresses are its own, so runs share the databases without meeting. */
function scenarioNames(run: number) {
  const prefix = `batch${run}-`;
  return {
    prefix,
    callId: (call: number) => `${prefix}call-${call}`,
    phone: (caller: number) => `+9198${String(run).padStart(6, '0')}${caller}0`,
    email: (caller: number) => `caller${caller}@${prefix}example.in`,
    knownLeadId: (index: number) => `${prefix}known-${index}`,
  };
}

function messageOf(delivery: Delivery, names: ReturnType<typeof scenarioNames>) {
  const metadata = delivery.knownLead !== undefined ? { leadId: names.knownLeadId(delivery.knownLead) } : undefined;
  if (delivery.kind === 'status') {
    return statusUpdate(names.callId(delivery.call), delivery.status, metadata ? { assistantOverrides: { metadata } } : {}).message;
  }
  const structuredData: Record<string, unknown> = {};
  if (delivery.name !== undefined) structuredData.name = delivery.name;
  if (delivery.phone !== undefined) structuredData.phone = names.phone(delivery.phone);
  if (delivery.email !== undefined) structuredData.email = names.email(delivery.email);
  if (delivery.timeline !== undefined) structuredData.timeline = delivery.timeline;
  if (delivery.qualified !== undefined) structuredData.qualified = delivery.qualified;
  return endOfCallReport({ callId: names.callId(delivery.call), number: names.phone(delivery.number), structuredData, successEvaluation: null, metadata }).message;
}

describe.each(PROVIDERS)('webhook batches on %s', (provider) => {
  let batched: TestApp;
  let oneByOne: TestApp;
  let run = 0;

  beforeAll(async () => {
    [batched, oneByOne] = await Promise.all([startTestApp(provider), startTestApp(provider)]);
  });
  afterAll(async () => {
    await Promise.all([batched?.close(), oneByOne?.close()]);
  });

  const prismaOf = (testApp: TestApp) => testApp.app.get(Database).client;

  /** The run's calls and leads without row ids and times: a lead is named by its own id if it was known, else by its first call. */
  async function storedState(testApp: TestApp, names: ReturnType<typeof scenarioNames>) {
    const prisma = prismaOf(testApp);
    const calls = await prisma.call.findMany({ where: { vapiCallId: { startsWith: names.prefix } }, orderBy: { vapiCallId: 'asc' } });
    const leads = await prisma.lead.findMany({
      where: { OR: [{ id: { startsWith: names.prefix } }, { id: { in: calls.flatMap(({ leadId }) => (leadId ? [leadId] : [])) } }] },
    });
    const leadName = new Map(leads.map((lead) => [lead.id, lead.id.startsWith(names.prefix) ? lead.id : `lead of ${calls.find((call) => call.leadId === lead.id)!.vapiCallId}`]));
    return {
      calls: calls.map(({ id, createdAt, updatedAt, leadId, ...call }) => ({ ...call, lead: leadId && leadName.get(leadId) })),
      // The version counts a lead's writes (transactions), which batching merges; a stored lead's still moves whenever a batch writes it.
      leads: leads
        .map(({ id, createdAt, updatedAt, version, ...lead }) => ({ ...lead, lead: leadName.get(id), written: id.startsWith(names.prefix) ? version > 1 : 'new' }))
        .sort((a, b) => a.lead!.localeCompare(b.lead!)),
    };
  }

  it('one batch of deliveries leaves exactly the calls and leads that the same deliveries leave one at a time', async () => {
    await fc.assert(
      fc.asyncProperty(knownCallers, fc.array(delivery, { minLength: 1, maxLength: 24 }), async (known, deliveries) => {
        run += 1;
        const names = scenarioNames(run);
        for (const testApp of [batched, oneByOne]) {
          for (const [index, caller] of known.entries()) {
            const identity = { name: `Known ${index}`, email: caller.email === null ? null : names.email(caller.email) };
            await prismaOf(testApp).lead.create({
              data: {
                id: names.knownLeadId(index),
                ...identity,
                ...identityKeyColumns(identity),
                phone: caller.phone === null ? null : names.phone(caller.phone),
                createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
              },
            });
          }
        }
        const messages = deliveries.map((each) => messageOf(each, names));

        // Handed over in one turn of the event loop: the group commit writes them as one batch.
        const batchedOutcomes = await Promise.all(messages.map((message) => batched.app.get(WebhookProcessor).receive(message)));
        const oneByOneOutcomes = [];
        for (const message of messages) oneByOneOutcomes.push(await oneByOne.app.get(WebhookProcessor).receive(message));

        for (const outcomes of [batchedOutcomes, oneByOneOutcomes]) expect(outcomes.filter(({ processed }) => !processed)).toEqual([]);
        const batches = await prismaOf(batched).webhookEvent.groupBy({ by: ['processedAt'], where: { vapiCallId: { startsWith: names.prefix } } });
        expect(batches).toHaveLength(1);
        expect(await storedState(batched, names)).toEqual(await storedState(oneByOne, names));
      }),
      { numRuns: 30 },
    );
  });
});
