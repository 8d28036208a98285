import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { SignInAttempts } from './sign-in-backoff';

/** The only place that queries stored sign-in attempts. */
@Injectable()
export class SignInAttemptsRepository {
  constructor(private readonly database: Database) {}

  /**
   * Reads an account's attempts and stores what `decide` makes of them, one decision at a time
   * per account across every API process (a lock on the key, held until the write commits).
   */
  update<T>(accountKey: string, decide: (current: SignInAttempts | null) => { next: SignInAttempts; forgottenAt: Date; result: T }): Promise<T> {
    return this.database.transaction(async (tx) => {
      await this.database.lock([`sign-in:${accountKey}`], tx);
      const row = await tx.signInAttempt.findUnique({ where: { accountKey } });
      const { next, forgottenAt, result } = decide(row && { attempts: row.attempts, windowStartedAt: row.windowStartedAt, lockouts: row.lockouts, blockedUntil: row.blockedUntil });
      const data = { ...next, forgottenAt };
      await tx.signInAttempt.upsert({ where: { accountKey }, create: { accountKey, ...data }, update: data });
      return result;
    });
  }

  async clear(accountKey: string): Promise<void> {
    await this.database.client.signInAttempt.deleteMany({ where: { accountKey } });
  }

  /** Rows that no longer count: attempts at unknown emails must not pile up. */
  async deleteForgotten(now: Date): Promise<void> {
    await this.database.client.signInAttempt.deleteMany({ where: { forgottenAt: { lte: now } } });
  }
}
