/** The longest wait between two tries of one delivery. */
const MAX_STEP_SECONDS = 3_600;

/**
 * When a stored delivery that has been tried `attempts` times is due again: at once before
 * its first try, then `baseSeconds` after it arrived, doubling each step up to an hour. Counted
 * from its arrival, so no process needs to remember when it last tried.
 */
export function nextAttemptAt(receivedAt: Date, attempts: number, baseSeconds: number): Date {
  let waitSeconds = 0;
  for (let step = 0; step < attempts; step += 1) waitSeconds += Math.min(baseSeconds * 2 ** step, MAX_STEP_SECONDS);
  return new Date(receivedAt.getTime() + waitSeconds * 1000);
}
