import { createHash } from 'node:crypto';
import type { Database } from '../database/database';
import { RequestLimitCounts } from './request-limit-counts';
import { TooManyRequestsException } from './too-many-requests.exception';

const HOUR_MS = 3_600_000;
// Expired counts of keys that never come back are swept this often by each limit, not on every request.
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * At most `perHour` requests an hour per key (a client address, a phone number), counted in the
 * database (request_limit_counts, one atomic upsert per request), so the limit holds across
 * every API process sharing it. Keys are stored as SHA-256 hashes: no address or number is kept.
 */
export class HourlyRequestLimit {
  private readonly counts: RequestLimitCounts;
  private lastSweep = 0;

  constructor(
    database: Database,
    /** What the counts are of (the stored keys' prefix): callback-address, chat-address… */
    private readonly keyPrefix: string,
    private readonly perHour: number,
    /** The refusal's words, before ": try again in …". */
    private readonly refusal: string,
  ) {
    this.counts = new RequestLimitCounts(database);
  }

  /** Counts a request for `key`; 429 with Retry-After past the hour's limit. */
  async admit(key: string): Promise<void> {
    const now = new Date();
    await this.sweepExpired(now);
    // The database's failures are errors like any other; only a count past the limit is a 429.
    const { points, expire } = await this.counts.count(`${this.keyPrefix}:${createHash('sha256').update(key).digest('hex')}`, now, HOUR_MS);
    if (points <= this.perHour) return;
    const seconds = Math.max(1, Math.ceil((expire.getTime() - now.getTime()) / 1000));
    throw new TooManyRequestsException(`${this.refusal}: try again in ${inWords(seconds)}.`, seconds);
  }

  private async sweepExpired(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.counts.deleteExpired(now);
  }
}

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
