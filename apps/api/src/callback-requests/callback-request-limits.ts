import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsException } from '../common/too-many-requests.exception';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';

const HOUR_SECONDS = 3_600;
// Expired counts of keys that never come back are swept this often by each process, not on every request.
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * The callback form's limits, per client address and per phone number, each
 * CALLBACK_REQUESTS_PER_*_PER_HOUR: counted in the database (request_limit_counts, through
 * rate-limiter-flexible's Prisma store, an atomic upsert per request), so a limit holds
 * across every API process sharing it. Keys are SHA-256 hashes: no address or number is kept.
 */
@Injectable()
export class CallbackRequestLimits {
  private readonly perAddress: RateLimiterPrisma;
  private readonly perPhone: RateLimiterPrisma;
  private lastSweep = 0;

  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // The store calls the client's `requestLimitCount` delegate, the same on both databases' clients.
    const store = { storeClient: database.client, tableName: 'requestLimitCount', clearExpiredByTimeout: false, duration: HOUR_SECONDS };
    this.perAddress = new RateLimiterPrisma({ ...store, keyPrefix: 'callback-address', points: config.CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR });
    this.perPhone = new RateLimiterPrisma({ ...store, keyPrefix: 'callback-phone', points: config.CALLBACK_REQUESTS_PER_PHONE_PER_HOUR });
  }

  /** Counts a request from `address`; 429 with Retry-After past the hour's limit. */
  admitAddress(address: string): Promise<void> {
    return this.admit(this.perAddress, address, 'Too many callback requests from this address');
  }

  /** Counts a request for `phone` (E.164), whatever address it comes from; 429 with Retry-After past the hour's limit. */
  admitPhone(phone: string): Promise<void> {
    return this.admit(this.perPhone, phone, 'Too many callback requests for this phone number');
  }

  private async admit(limiter: RateLimiterPrisma, key: string, refusal: string): Promise<void> {
    await this.sweepExpired();
    try {
      await limiter.consume(createHash('sha256').update(key).digest('hex'));
    } catch (rejection) {
      // The store's own failures (the database) are errors like any other; only a count past the limit is a 429.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new TooManyRequestsException(`${refusal}: try again in ${inWords(seconds)}.`, seconds);
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
