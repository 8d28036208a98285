import type { WhatsappMessageStatus } from '@lead-desk/contracts';

/** What Meta's statuses report of a message we sent. */
export type ReportedStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** How far a message has gone: statuses arrive in any order and none takes one back. */
// unconfirmed: a send interrupted with no word from Meta; any status of Meta's tells what became of it.
const PROGRESS: Record<Exclude<WhatsappMessageStatus, 'failed' | 'received'>, number> = { pending: 0, sending: 1, unconfirmed: 2, accepted: 3, sent: 4, delivered: 5, read: 6 };

/**
 * The status a message takes when Meta reports `reported`, or null when the report changes
 * nothing: a later step replaces an earlier one (read after delivered, not delivered after read);
 * a failure ends a message not yet delivered, and nothing follows it.
 */
export function statusAfter(current: WhatsappMessageStatus, reported: ReportedStatus): WhatsappMessageStatus | null {
  if (current === 'failed' || current === 'received') return null;
  if (reported === 'failed') return current === 'delivered' || current === 'read' ? null : 'failed';
  return PROGRESS[reported] > PROGRESS[current] ? reported : null;
}
