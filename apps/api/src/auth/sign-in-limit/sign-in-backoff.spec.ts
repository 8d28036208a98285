import { admitSignIn, forgottenAt, type SignInAttempts, type SignInBackoffPolicy } from './sign-in-backoff';

const MINUTE = 60_000;
const POLICY: SignInBackoffPolicy = { attemptsPerWindow: 5, windowMs: MINUTE, firstLockMs: MINUTE, maxLockMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE };
const START = new Date('2026-11-28T10:00:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms);

/** Attempts at `times` (ms after START), in order: which were admitted, and the attempts left stored. */
function attempt(times: number[], from: SignInAttempts | null = null) {
  let stored = from;
  const outcomes = times.map((time) => {
    const admission = admitSignIn(stored, at(time), POLICY);
    stored = admission.next;
    return admission.admitted ? 'admitted' : `refused ${admission.retryAfterMs / 1000} s`;
  });
  return { outcomes, stored: stored! };
}

describe('admitSignIn', () => {
  it('admits five attempts a minute, then locks the account for a minute, the right password too', () => {
    const { outcomes, stored } = attempt([0, 1_000, 2_000, 3_000, 4_000, 5_000, 30_000]);
    expect(outcomes).toEqual(['admitted', 'admitted', 'admitted', 'admitted', 'admitted', 'refused 60 s', 'refused 35 s']);
    expect(stored).toEqual({ attempts: 0, windowStartedAt: at(65_000), lockouts: 1, blockedUntil: at(65_000) });
  });

  it('opens a new window a minute after the first attempt of the last one', () => {
    expect(attempt([0, 1_000, 2_000, 3_000, 4_000, MINUTE, MINUTE + 1]).outcomes).toEqual(Array(7).fill('admitted'));
  });

  it('doubles each lock-out in a row, never beyond maxLockMs: back-off, not a permanent lock', () => {
    const locks: string[] = [];
    let stored: SignInAttempts | null = null;
    let now = 0;
    for (let round = 0; round < 7; round += 1) {
      // Five attempts where a window allows them, then one more that is refused.
      const { outcomes, stored: after } = attempt([now, now + 1, now + 2, now + 3, now + 4, now + 5], stored);
      expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('admitted'));
      locks.push(outcomes[5]);
      stored = after;
      now = after.blockedUntil!.getTime() - START.getTime();
    }
    expect(locks).toEqual(['refused 60 s', 'refused 120 s', 'refused 240 s', 'refused 480 s', 'refused 900 s', 'refused 900 s', 'refused 900 s']);
  });

  it('forgets earlier lock-outs after a quiet hour', () => {
    const locked: SignInAttempts = { attempts: 0, windowStartedAt: at(0), lockouts: 4, blockedUntil: at(0) };
    expect(attempt([10 * MINUTE, 10 * MINUTE + 1, 10 * MINUTE + 2, 10 * MINUTE + 3, 10 * MINUTE + 4, 10 * MINUTE + 5], locked).outcomes.at(-1)).toBe('refused 900 s');
    expect(attempt([60 * MINUTE, 60 * MINUTE + 1, 60 * MINUTE + 2, 60 * MINUTE + 3, 60 * MINUTE + 4, 60 * MINUTE + 5], locked).outcomes.at(-1)).toBe('refused 60 s');
  });

  it('lets the stored attempts go once nothing of them counts any more', () => {
    const { stored } = attempt([0, 1, 2, 3, 4, 5]);
    expect(forgottenAt(stored, POLICY)).toEqual(at(MINUTE + 5 + 60 * MINUTE));
    // Forgotten attempts admit exactly as none at all.
    expect(admitSignIn(stored, forgottenAt(stored, POLICY), POLICY)).toEqual(admitSignIn(null, forgottenAt(stored, POLICY), POLICY));
  });
});
