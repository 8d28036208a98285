/**
 * Vapi's ended reasons (Call.endedReason in its OpenAPI document) that mean the person was
 * not reached, so the cadence tries again: nobody answered, the line was busy, a voicemail
 * took the call, or the dialling itself failed at the carrier (Twilio, Vonage, SIP). Chosen
 * from the document's enum:
 * - no answer: customer-did-not-answer
 * - busy: customer-busy
 * - voicemail: voicemail
 * - failed dialling: twilio-failed-to-connect-call, vonage-failed-to-connect-call, vonage-rejected,
 *   call.in-progress.error-sip-outbound-call-failed-to-connect and the outbound SIP provider
 *   faults 408 (request timeout), 480 (temporarily unavailable) and 503 (service unavailable).
 * Every other reason means the call connected (the customer or the assistant ended it, a
 * transfer, a silence timeout, an error mid-conversation): the lead was reached.
 */
export const UNANSWERED_REASONS: ReadonlySet<string> = new Set([
  'customer-did-not-answer',
  'customer-busy',
  'voicemail',
  'twilio-failed-to-connect-call',
  'vonage-failed-to-connect-call',
  'vonage-rejected',
  'call.in-progress.error-sip-outbound-call-failed-to-connect',
  'call.in-progress.error-providerfault-outbound-sip-408-request-timeout',
  'call.in-progress.error-providerfault-outbound-sip-480-temporarily-unavailable',
  'call.in-progress.error-providerfault-outbound-sip-503-service-unavailable',
]);

/**
 * `call.start.error-*` (and the older `call-start-error-*`): Vapi could not start the call at
 * all (no credit, a bad assistant or number, a daily limit). Nobody's phone rang; trying
 * again on the cadence would meet the same fault, so the attempt fails and the cadence stops.
 */
const NOT_STARTED = /^call[.-]start[.-]error/;

export type AttemptOutcome = 'answered' | 'unanswered' | 'failed';

/** What an ended call of a cadence came to, by Vapi's endedReason. */
export function attemptOutcome(endedReason: string): AttemptOutcome {
  if (UNANSWERED_REASONS.has(endedReason)) return 'unanswered';
  if (NOT_STARTED.test(endedReason)) return 'failed';
  return 'answered';
}
