import type { Call } from '../../database/models';
import type { LeadIdentity } from '../../leads/lead-identity';
import { endOfCallReport, statusUpdate, type ReportOptions } from '../../../test/fixtures/vapi-messages';
import { DeliveryBatch } from './delivery-batch';
import { callFromReport, leadFromReport } from './end-of-call-report';
import { isAttributable, parseHandledMessage, type HandledMessage } from './vapi-message';

const REGION = 'IN';
const NOW = new Date('2026-11-23T10:00:00.000Z');

function parsed(body: { message: unknown }): HandledMessage {
  const result = parseHandledMessage(body.message as { type: HandledMessage['type'] });
  if (!result.ok || !isAttributable(result.value)) throw new Error(`Fixture is not a valid message about a call: ${JSON.stringify(result)}`);
  return result.value;
}

const report = (options: ReportOptions) => parsed(endOfCallReport(options));
const status = (...args: Parameters<typeof statusUpdate>) => parsed(statusUpdate(...args));

/** What the stored records carry from before the batch: calls reported already, and each lead's fields staff changed last. */
interface StoredHistory {
  reportedCalls?: string[];
  staffEditedFields?: Record<string, string[]>;
}

/** A batch over these stored records, with the messages added in order, as the processor adds them. */
function batchOf(messages: HandledMessage[], stored: { calls?: Call[]; leads?: LeadIdentity[] } & StoredHistory = {}): DeliveryBatch {
  const history = {
    reportedCalls: new Set(stored.reportedCalls),
    staffEditedFields: new Map(Object.entries(stored.staffEditedFields ?? {}).map(([leadId, fields]) => [leadId, new Set(fields)])),
  };
  const batch = new DeliveryBatch(stored.calls ?? [], stored.leads ?? [], NOW, 'stage-new', history);
  for (const message of messages) {
    if (message.type === 'end-of-call-report') batch.addReport(message, leadFromReport(message, { phoneRegion: REGION, qualifiedFrom: 'explicit' }), callFromReport(message, REGION));
    else batch.addStatusUpdate(message);
  }
  return batch;
}

/** A stored lead; its name is the one the reports below give unless the test names another. */
function storedLead(id: string, identity: { email?: string; phone?: string; name?: string }, createdAt = '2026-01-01T00:00:00.000Z'): LeadIdentity {
  return { id, name: identity.name ?? 'Known Email', email: identity.email ?? null, phone: identity.phone ?? null, createdAt: new Date(createdAt) };
}

function storedCall(vapiCallId: string, columns: Partial<Call> = {}): Call {
  const created = new Date('2026-11-20T10:00:00.000Z');
  return {
    id: `row-${vapiCallId}`,
    vapiCallId,
    leadId: null,
    type: 'outboundPhoneCall',
    status: 'queued',
    endedReason: null,
    customerNumber: '+919812345678',
    startedAt: null,
    endedAt: null,
    durationSeconds: null,
    cost: null,
    summary: null,
    transcript: null,
    recordingUrl: null,
    structuredData: null,
    structuredOutputs: null,
    successEvaluation: null,
    createdAt: created,
    updatedAt: created,
    ...columns,
  };
}

describe('DeliveryBatch', () => {
  it('resolves duplicates of one report in one batch to one call record and one new lead', () => {
    const duplicate = report({ callId: 'dup', number: '+919811111111', structuredData: { name: 'Asha Rao', email: 'asha@example.in' } });
    const batch = batchOf([duplicate, duplicate, duplicate]);
    const { newLeads, leadChanges, calls } = batch.writes();

    expect(newLeads).toHaveLength(1);
    expect(newLeads[0]).toMatchObject({ name: 'Asha Rao', email: 'asha@example.in', phone: '+919811111111', source: 'voice bot', createdAt: NOW });
    expect(leadChanges.size).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ vapiCallId: 'dup', leadId: newLeads[0].id, status: 'ended', createdAt: NOW });
    // The repeats change no lead: nothing more to announce.
    expect(batch.liveEvents()).toEqual([
      { type: 'lead.created', id: newLeads[0].id },
      { type: 'call.updated', id: calls[0].id },
    ]);
  });

  it('changes no lead with a report of a call reported before, whatever it says now', () => {
    const leads = [storedLead('caller', { phone: '+919811100000', name: 'Edited By Staff' })];
    const calls = [storedCall('reported', { leadId: 'caller', status: 'ended' })];
    const again = report({ callId: 'reported', number: '+919811100000', structuredData: { name: 'Name From The Call', budget: '50 Lakh' } });
    const batch = batchOf([again, again], { leads, calls, reportedCalls: ['reported'] });
    const { newLeads, leadChanges, calls: written } = batch.writes();

    expect(newLeads).toEqual([]);
    expect(leadChanges.size).toBe(0);
    expect(written.map(({ vapiCallId, leadId }) => [vapiCallId, leadId])).toEqual([['reported', 'caller']]);
    expect(batch.liveEvents()).toEqual([{ type: 'call.updated', id: 'row-reported' }]);
  });

  it('applies the first report of a call a status update recorded, and no repeat of it in the batch', () => {
    const leads = [storedLead('placed-for', { phone: '+919811100001', name: 'Placed For' })];
    const calls = [storedCall('outbound', { leadId: 'placed-for', status: 'in-progress' })];
    const first = report({ callId: 'outbound', number: '+919811100001', structuredData: { timeline: '1 month' } });
    const repeat = report({ callId: 'outbound', number: '+919811100001', structuredData: { timeline: 'a repeat says otherwise' } });
    const { leadChanges } = batchOf([first, repeat], { leads, calls }).writes();

    expect(leadChanges.get('placed-for')).toMatchObject({ timeline: '1 month' });
  });

  it("leaves the fields staff changed last as they are, and takes the call's other fields", () => {
    const leads = [storedLead('edited', { phone: '+919811100002', name: 'Aarav Sharma' })];
    const { leadChanges, newLeads } = batchOf([report({ callId: 'later', number: '+919811100002', structuredData: { name: 'Arav Sharma', budget: '80 Lakh', location: 'Baner', timeline: 'soon' } })], {
      leads,
      staffEditedFields: { edited: ['name', 'location'] },
    }).writes();

    expect(newLeads).toEqual([]);
    expect(leadChanges.get('edited')).toEqual({ phone: '+919811100002', budgetAmount: null, budgetText: '80 Lakh', timeline: 'soon' });
  });

  it('lets a status update come before its report, and never moves the call back after it', () => {
    const batch = batchOf([
      status('early', 'ringing', { customer: { number: '+919822222222' } }),
      report({ callId: 'early', number: '+919822222222', structuredData: { name: 'Early Bird' } }),
      status('early', 'in-progress'),
    ]);
    const { newLeads, calls } = batch.writes();

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ vapiCallId: 'early', status: 'ended', endedReason: 'customer-ended-call', leadId: newLeads[0].id, summary: expect.any(String) });
    expect(newLeads).toMatchObject([{ name: 'Early Bird', phone: '+919822222222' }]);
  });

  it('gives two calls from one new caller one lead, the second call updating what the first created', () => {
    const batch = batchOf([
      report({ callId: 'first', number: '+919833333333', structuredData: { name: 'Two Calls', timeline: '1 month' } }),
      report({ callId: 'second', number: '+919833333333', structuredData: { timeline: '2 months' } }),
    ]);
    const { newLeads, leadChanges, calls } = batch.writes();

    expect(newLeads).toHaveLength(1);
    // The second call learnt no name: the caller keeps theirs.
    expect(newLeads[0]).toMatchObject({ name: 'Two Calls', timeline: '2 months' });
    expect(leadChanges.size).toBe(0);
    expect(calls.map(({ vapiCallId, leadId }) => [vapiCallId, leadId])).toEqual([
      ['first', newLeads[0].id],
      ['second', newLeads[0].id],
    ]);
  });

  it('updates a known caller found by email rather than by phone, and finds them later by the phone the report gave them', () => {
    const leads = [
      storedLead('by-email', { email: 'known@example.in', phone: '+919844444444' }),
      storedLead('newer-by-phone', { phone: '+919855555555' }, '2026-03-01T00:00:00.000Z'),
      storedLead('older-by-phone', { phone: '+919855555555' }, '2026-02-01T00:00:00.000Z'),
    ];
    const batch = batchOf(
      [
        report({ callId: 'email', number: '+919855555555', structuredData: { name: 'Known Email', email: 'known@example.in' } }),
        report({ callId: 'phone', number: '+919855555555', structuredData: { location: 'Nashik' } }),
      ],
      { leads },
    );
    const { newLeads, leadChanges, calls } = batch.writes();

    expect(newLeads).toEqual([]);
    expect(calls.map(({ vapiCallId, leadId }) => [vapiCallId, leadId])).toEqual([
      ['email', 'by-email'],
      // The first report gave "by-email" this phone, and it is the first lead stored of the three that have it now.
      ['phone', 'by-email'],
    ]);
    expect(leadChanges.get('by-email')).toMatchObject({ name: 'Known Email', phone: '+919855555555', location: 'Nashik' });
  });

  it('gives a caller with another name than the lead with their phone a lead of their own, flagged as its possible duplicate, and finds it on their next call', () => {
    const leads = [storedLead('aarav', { phone: '+919876543210', name: 'Aarav Sharma' })];
    const batch = batchOf(
      [
        report({ callId: 'rahul', number: '+919876543210', structuredData: { name: 'Rahul Verma', location: 'Pune' } }),
        report({ callId: 'rahul-again', number: '+919876543210', structuredData: { name: 'Rahul Verma', timeline: '3 months' } }),
        report({ callId: 'aarav', number: '+919876543210', structuredData: { name: 'Arav Sharma' } }),
      ],
      { leads },
    );
    const { newLeads, leadChanges, calls, duplicates } = batch.writes();

    expect(newLeads).toEqual([expect.objectContaining({ name: 'Rahul Verma', phone: '+919876543210', location: 'Pune', timeline: '3 months' })]);
    expect(duplicates).toEqual([{ leadId: newLeads[0].id, otherLeadId: 'aarav', reason: 'same_phone' }]);
    expect(calls.map(({ leadId }) => leadId)).toEqual([newLeads[0].id, newLeads[0].id, 'aarav']);
    expect(leadChanges.get('aarav')).toMatchObject({ name: 'Arav Sharma' });
  });

  it('finds the first lead with a phone when no email matches', () => {
    const leads = [storedLead('newer', { phone: '+919866666666' }, '2026-03-01T00:00:00.000Z'), storedLead('older', { phone: '+919866666666' }, '2026-02-01T00:00:00.000Z')];
    const { leadChanges, calls } = batchOf([report({ callId: 'call', number: '+919866666666', structuredData: { location: 'Thane' }, successEvaluation: null })], { leads }).writes();

    expect(calls[0].leadId).toBe('older');
    // A report that learnt no name and no qualification leaves both alone.
    expect(leadChanges.get('older')).toEqual({ phone: '+919866666666', location: 'Thane' });
  });

  it('finds a caller by the email an earlier delivery of the batch gave them', () => {
    const leads = [storedLead('caller', { phone: '+919877777777' })];
    const batch = batchOf(
      [
        report({ callId: 'gives-email', number: '+919877777777', structuredData: { email: 'new.mail@example.in' } }),
        report({ callId: 'by-new-email', number: '+919888888888', structuredData: { email: 'new.mail@example.in' } }),
      ],
      { leads },
    );
    const { newLeads, calls } = batch.writes();

    expect(newLeads).toEqual([]);
    expect(calls.map(({ leadId }) => leadId)).toEqual(['caller', 'caller']);
  });

  it("keeps a stored call's lead, and links an outbound call's report to the lead it was placed for", () => {
    const leads = [storedLead('placed-for', { phone: '+919800000001' }), storedLead('same-phone', { phone: '+919800000002' }), storedLead('linked', {})];
    const calls = [storedCall('linked-call', { leadId: 'linked', status: 'in-progress' })];
    const { leadChanges, calls: written } = batchOf(
      [
        report({ callId: 'linked-call', number: '+919800000002' }),
        report({ callId: 'outbound', number: '+919800000002', type: 'outboundPhoneCall', metadata: { leadId: 'placed-for' } }),
      ],
      { leads, calls },
    ).writes();

    expect(written.map(({ id, vapiCallId, leadId }) => [id, vapiCallId, leadId])).toEqual([
      ['row-linked-call', 'linked-call', 'linked'],
      [expect.any(String), 'outbound', 'placed-for'],
    ]);
    expect([...leadChanges.keys()]).toEqual(['linked', 'placed-for']);
  });

  it('records a status update of an unknown call with the lead it was placed for, when that lead exists', () => {
    const { calls } = batchOf(
      [status('known-lead', 'queued', { assistantOverrides: { metadata: { leadId: 'lead-1' } } }), status('unknown-lead', 'queued', { assistantOverrides: { metadata: { leadId: 'gone' } } })],
      { leads: [storedLead('lead-1', { phone: '+919800000003' })] },
    ).writes();

    expect(calls.map(({ vapiCallId, leadId, status: callStatus, summary }) => ({ vapiCallId, leadId, status: callStatus, summary }))).toEqual([
      { vapiCallId: 'known-lead', leadId: 'lead-1', status: 'queued', summary: null },
      { vapiCallId: 'unknown-lead', leadId: null, status: 'queued', summary: null },
    ]);
  });

  it('reads the boolean words the CSV import reads: 1 and 0 too', () => {
    const { newLeads } = batchOf([
      report({ callId: 'words', number: '+919800000004', structuredData: { name: 'Word Person', loan_needed: ' 0 ', qualified: '1' } }),
    ]).writes();

    expect(newLeads).toEqual([expect.objectContaining({ name: 'Word Person', qualified: true, loanNeeded: false })]);
  });
});
