import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { TooManyRequestsException } from '../../common/too-many-requests.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { admitSignIn, forgottenAt, type SignInBackoffPolicy } from './sign-in-backoff';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';

const MINUTE = 60_000;

/**
 * Limits sign-in attempts per account, beside the per-address limit: guesses at one account
 * spread over many addresses are limited as if they came from one (SIGN_IN_LIMIT_PER_MINUTE),
 * then the account is locked for a minute, doubling up to SIGN_IN_LOCK_MAX_MINUTES.
 */
@Injectable()
export class AccountSignInLimit {
  private readonly policy: SignInBackoffPolicy;

  constructor(
    private readonly attempts: SignInAttemptsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const maxLockMs = config.SIGN_IN_LOCK_MAX_MINUTES * MINUTE;
    this.policy = { attemptsPerWindow: config.SIGN_IN_LIMIT_PER_MINUTE, windowMs: MINUTE, firstLockMs: Math.min(MINUTE, maxLockMs), maxLockMs, forgetAfterMs: Math.max(60 * MINUTE, maxLockMs) };
  }

  /** Counts an attempt at `email` before its password is checked; 429 while the account is locked. */
  async admit(email: string): Promise<void> {
    const now = this.clock.now();
    await this.attempts.deleteForgotten(now);
    const refusal = await this.attempts.update(accountKeyOf(email), (current) => {
      const admission = admitSignIn(current, now, this.policy);
      return { next: admission.next, forgottenAt: forgottenAt(admission.next, this.policy), result: admission.admitted ? null : admission.retryAfterMs };
    });
    if (refusal !== null) {
      const seconds = Math.ceil(refusal / 1000);
      throw new TooManyRequestsException(`Too many sign-in attempts for this account: try again in ${seconds} s.`, seconds);
    }
  }

  /** A right password ends the account's count and lock-outs. */
  succeeded(email: string): Promise<void> {
    return this.attempts.clear(accountKeyOf(email));
  }
}

/** The stored key of a typed email: its SHA-256, so the table keeps no typed email. */
function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
