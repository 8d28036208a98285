import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Clock } from './clock';
import type { RequestLimitCounts } from './request-limit-counts';

// The record type itself is not exported by the package's index.
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

// Expired counts of keys that never come back are swept this often, not on every request.
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * @nestjs/throttler's counts kept in the database (request_limit_counts), one statement per
 * counted request, so the per-minute limits hold across every API process instead of once per
 * process. As the throttler's own memory store: the request past the limit is blocked, and
 * so is every request after it, for `blockDuration` from then. A failure of the database
 * while counting is an error like any other (a 5xx), never a request let through.
 */
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  private lastSweep = 0;

  constructor(
    private readonly counts: RequestLimitCounts,
    private readonly clock: Clock,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = this.clock.now();
    await this.sweepExpired(now);
    // The throttler's key is already a SHA-256 of the route, the limit's name and the address: no address is stored.
    const { points, expire } = await this.counts.count(`${throttlerName}:${key}`, now, ttl, { limit, ms: blockDuration });
    const secondsLeft = Math.max(1, Math.ceil((expire.getTime() - now.getTime()) / 1000));
    const isBlocked = points > limit;
    return { totalHits: points, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }

  private async sweepExpired(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.counts.deleteExpired(now);
  }
}
