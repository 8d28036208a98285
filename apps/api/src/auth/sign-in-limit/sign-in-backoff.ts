/**
 * Sign-in attempts for one account, as every API process sees them (stored, not in memory):
 * attempts in the current window, how many lock-outs in a row, and until when it is locked.
 */
export interface SignInAttempts {
  attempts: number;
  windowStartedAt: Date;
  lockouts: number;
  blockedUntil: Date | null;
}

export interface SignInBackoffPolicy {
  /** Attempts an account gets per window, whatever addresses they come from. */
  attemptsPerWindow: number;
  windowMs: number;
  /** The first lock-out; each one after it in a row lasts twice the one before, up to maxLockMs. */
  firstLockMs: number;
  maxLockMs: number;
  /** A quiet spell this long forgets earlier lock-outs: the next one is short again. */
  forgetAfterMs: number;
}

export type SignInAdmission =
  | { admitted: true; next: SignInAttempts }
  | { admitted: false; retryAfterMs: number; next: SignInAttempts };

/**
 * Whether one more sign-in attempt for an account may check its password, and what the
 * account's attempts become. An attempt counts before its password is checked, so attempts at
 * once from many addresses cannot slip past the limit. Past the limit the account is locked for
 * a while (refusing the right password too), doubling with each lock-out in a row but never
 * for long: an attacker cannot lock staff out for more than `maxLockMs` at a time.
 */
export function admitSignIn(current: SignInAttempts | null, now: Date, policy: SignInBackoffPolicy): SignInAdmission {
  if (!current) return { admitted: true, next: { attempts: 1, windowStartedAt: now, lockouts: 0, blockedUntil: null } };
  if (current.blockedUntil && now < current.blockedUntil) {
    return { admitted: false, retryAfterMs: current.blockedUntil.getTime() - now.getTime(), next: current };
  }
  const sinceWindow = now.getTime() - current.windowStartedAt.getTime();
  const lockouts = sinceWindow >= policy.forgetAfterMs ? 0 : current.lockouts;
  if (sinceWindow >= policy.windowMs) return { admitted: true, next: { attempts: 1, windowStartedAt: now, lockouts, blockedUntil: null } };
  if (current.attempts < policy.attemptsPerWindow) return { admitted: true, next: { ...current, attempts: current.attempts + 1, lockouts } };
  const lockMs = Math.min(policy.firstLockMs * 2 ** lockouts, policy.maxLockMs);
  const blockedUntil = new Date(now.getTime() + lockMs);
  // The next window opens when the lock-out ends.
  return { admitted: false, retryAfterMs: lockMs, next: { attempts: 0, windowStartedAt: blockedUntil, lockouts: lockouts + 1, blockedUntil } };
}

/** When the stored attempts stop mattering (no lock, no window, lock-outs forgotten): a row past it can go. */
export function forgottenAt(attempts: SignInAttempts, policy: SignInBackoffPolicy): Date {
  return new Date(attempts.windowStartedAt.getTime() + Math.max(policy.windowMs, policy.forgetAfterMs));
}
