import { createHash } from 'node:crypto';
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../database/database';
import { TooManyRequestsException } from './too-many-requests.exception';

const HOUR_SECONDS = 3_600;
// Expired counts of keys that never come back are swept this often by each limit, not on every request.
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * At most `perHour` requests an hour per key (a client address, a phone number), counted in the
 * database (request_limit_counts, through rate-limiter-flexible's Prisma store, an atomic upsert
 * per request), so the limit holds across every API process sharing it. Keys are stored as
 * SHA-256 hashes: no address or number is kept.
 */
export class HourlyRequestLimit {
  private readonly limiter: RateLimiterPrisma;
  private lastSweep = 0;

  constructor(
    private readonly database: Database,
    /** What the counts are of (the stored keys' prefix): callback-address, chat-address… */
    keyPrefix: string,
    perHour: number,
    /** The refusal's words, before ": try again in …". */
    private readonly refusal: string,
  ) {
    // The store calls the client's `requestLimitCount` delegate, the same on both databases' clients.
    this.limiter = new RateLimiterPrisma({ storeClient: database.client, tableName: 'requestLimitCount', clearExpiredByTimeout: false, duration: HOUR_SECONDS, keyPrefix, points: perHour });
  }

  /** Counts a request for `key`; 429 with Retry-After past the hour's limit. */
  async admit(key: string): Promise<void> {
    await this.sweepExpired();
    try {
      await this.limiter.consume(createHash('sha256').update(key).digest('hex'));
    } catch (rejection) {
      // The store's own failures (the database) are errors like any other; only a count past the limit is a 429.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new TooManyRequestsException(`${this.refusal}: try again in ${inWords(seconds)}.`, seconds);
    }
  }

  private async sweepExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.database.client.requestLimitCount.deleteMany({ where: { expire: { lt: new Date(now) } } });
  }
}

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
