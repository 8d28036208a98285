import type { Call } from '../../database/models';

/** What a stored call tells about a lead's response time. */
export interface CallMilestones {
  leadId: string;
  /** When a call to the lead was placed (an outbound phone call, staff's or the agent's cadence, at its record's creation), or a call of theirs connected. */
  attemptAt: Date | null;
  /** When the call connected, if it did: a conversation took place. */
  conversationAt: Date | null;
}

/** Statuses of a call that is talking now (Vapi's Call.status). */
const TALKING = new Set(['in-progress', 'forwarding']);

/**
 * A call connected when Vapi says it is in progress (or forwarding), or when its end-of-call
 * report gives a start time and a duration above zero; a call that rang out, was busy or failed
 * reports no duration (or 0) and is an attempt only. It connected at its start time when known,
 * otherwise when its record was last written (the status update that said so).
 */
export function callMilestones(call: Pick<Call, 'leadId' | 'type' | 'status' | 'startedAt' | 'durationSeconds' | 'createdAt' | 'updatedAt'>): CallMilestones | null {
  if (!call.leadId) return null;
  const reportedTalk = call.startedAt !== null && (call.durationSeconds ?? 0) > 0;
  const conversationAt = reportedTalk || TALKING.has(call.status) ? (call.startedAt ?? call.updatedAt) : null;
  // A call the person made (the page's voice button, an inbound call) that connected is contact made, as a call we placed is.
  const attemptAt = call.type === 'outboundPhoneCall' ? call.createdAt : conversationAt;
  if (!attemptAt && !conversationAt) return null;
  return { leadId: call.leadId, attemptAt, conversationAt };
}
