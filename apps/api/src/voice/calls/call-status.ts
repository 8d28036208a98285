/** A call's statuses in the order a call goes through them. */
const ORDER = ['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended'];

/**
 * Deliveries arrive out of order: a late "ringing" must not undo "ended". Unknown
 * statuses are taken as they come.
 */
export function laterStatus(current: string | null | undefined, incoming: string): string {
  if (!current) return incoming;
  const [a, b] = [ORDER.indexOf(current), ORDER.indexOf(incoming)];
  return a >= 0 && b >= 0 && a > b ? current : incoming;
}
