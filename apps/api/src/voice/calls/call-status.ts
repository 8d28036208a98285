/**
 * Vapi's call statuses (Call.status, ServerMessageStatusUpdate.status) in the order a call
 * goes through them. The last three end a call: `ended`, or the two ways a call ends without
 * ever running (`not-found`, `deletion-failed`).
 */
const ORDER = ['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended', 'not-found', 'deletion-failed'] as const;
const TERMINAL: ReadonlySet<string> = new Set(['ended', 'not-found', 'deletion-failed']);

const rank = (status: string) => (ORDER as readonly string[]).indexOf(status);

/**
 * The status a call has after an update. Deliveries arrive out of order: a late "ringing"
 * must not undo "in-progress", and nothing replaces a status that ended the call (a late
 * `not-found` never replaces `ended`). A status Vapi's document does not list never
 * replaces one it does; a call known only by such a status takes whatever comes.
 */
export function laterStatus(current: string | null | undefined, incoming: string): string {
  if (!current) return incoming;
  if (TERMINAL.has(current)) return current;
  if (rank(current) < 0) return incoming;
  return rank(incoming) >= rank(current) ? incoming : current;
}

/** Whether a call with this status is over (ended, or ended without ever running). */
export function isFinalStatus(status: string | null | undefined): boolean {
  return !!status && TERMINAL.has(status);
}
