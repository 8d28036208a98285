import type { Call, Lead } from '../../database/models';
import { activity, type NewActivity } from '../../activity/activity-entry';
import { leadColumnsOf, leadFieldChanges } from '../../leads/lead-field-changes';
import { isFinalStatus } from '../calls/call-status';
import type { BatchWrites } from './delivery-batch';

/**
 * The activity entries a batch of deliveries writes with its changes (actor: the voice
 * agent, null): `created` for each new lead, `updated` for each field of a stored lead
 * that really changed, and `call` whenever a call with a lead is over and what the
 * timeline shows of it (status, ended reason, summary) is new, so a repeated delivery
 * adds nothing. `storedLeads` and `storedCalls` are the rows as read before the batch.
 */
export function deliveryActivity(writes: BatchWrites, storedLeads: Lead[], storedCalls: Call[]): NewActivity[] {
  const leadsBefore = new Map(storedLeads.map((lead) => [lead.id, lead]));
  const callsBefore = new Map(storedCalls.map((call) => [call.vapiCallId, call]));
  const entries: NewActivity[] = writes.newLeads.map((lead) => activity(lead.id, 'created', { source: lead.source }));
  for (const [leadId, changes] of writes.leadChanges) {
    const before = leadsBefore.get(leadId);
    if (!before) throw new Error(`Lead ${leadId} was changed by a batch that never read it`);
    entries.push(...leadFieldChanges(leadColumnsOf(before), changes).map((change) => activity(leadId, 'updated', change)));
  }
  for (const call of writes.calls) {
    if (!call.leadId || !isFinalStatus(call.status)) continue;
    const before = callsBefore.get(call.vapiCallId);
    if (before && before.leadId === call.leadId && before.status === call.status && before.endedReason === call.endedReason && before.summary === call.summary) continue;
    entries.push(
      activity(call.leadId, 'call', { callId: call.id, vapiCallId: call.vapiCallId, status: call.status, endedReason: call.endedReason, summary: call.summary }),
    );
  }
  return entries;
}
