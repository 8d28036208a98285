import { applyDecorators, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { Clock } from './clock';
import { DatabaseThrottlerStorage } from './database-throttler-storage';
import { RequestLimitCounts } from './request-limit-counts';

/**
 * Named limits, each applied only where a route asks for it with @RateLimit: sign-in
 * (password guessing), the webhook (a flood from one address) and the calendar feeds (public,
 * their secret in the address).
 */
export const SIGN_IN_LIMIT = 'sign-in';
export const WEBHOOK_LIMIT = 'webhook';
export const CALENDAR_FEED_LIMIT = 'calendar-feed';
type RateLimitName = typeof SIGN_IN_LIMIT | typeof WEBHOOK_LIMIT | typeof CALENDAR_FEED_LIMIT;
export const TOO_MANY_REQUESTS = 'Too many requests: wait a minute and try again.';

const PER_MINUTE: Record<RateLimitName, (config: AppConfig) => number> = {
  [SIGN_IN_LIMIT]: (config) => config.SIGN_IN_LIMIT_PER_MINUTE,
  [WEBHOOK_LIMIT]: (config) => config.WEBHOOK_LIMIT_PER_MINUTE,
  [CALENDAR_FEED_LIMIT]: (config) => config.CALENDAR_FEED_LIMIT_PER_MINUTE,
};
const LIMITS = Object.keys(PER_MINUTE) as RateLimitName[];

export const rateLimitsModule = ThrottlerModule.forRootAsync({
  inject: [APP_CONFIG, Database, Clock],
  useFactory: (config: AppConfig, database: Database, clock: Clock) => ({
    throttlers: LIMITS.map((name) => ({ name, ttl: 60_000, limit: PER_MINUTE[name](config) })),
    errorMessage: TOO_MANY_REQUESTS,
    // Counted in the database, so each limit holds across every API process, not once per process.
    storage: new DatabaseThrottlerStorage(new RequestLimitCounts(database), clock),
  }),
});

/** Counts the route's requests, per address, against the named limit and no other. */
export function RateLimit(name: RateLimitName) {
  // ThrottlerGuard applies every configured limit that a route does not skip.
  const others = LIMITS.filter((limit) => limit !== name);
  return applyDecorators(UseGuards(ThrottlerGuard), SkipThrottle(Object.fromEntries(others.map((limit) => [limit, true]))));
}
