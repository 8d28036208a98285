import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Named limits, applied only where a route opts in with ThrottlerGuard: sign-in
 * (password guessing) and the webhook (a flood from one address). A route skips
 * the limits that are not its own.
 */
export const SIGN_IN_LIMIT = 'sign-in';
export const WEBHOOK_LIMIT = 'webhook';

export const rateLimitsModule = ThrottlerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    throttlers: [
      { name: SIGN_IN_LIMIT, ttl: 60_000, limit: config.SIGN_IN_LIMIT_PER_MINUTE },
      { name: WEBHOOK_LIMIT, ttl: 60_000, limit: config.WEBHOOK_LIMIT_PER_MINUTE },
    ],
    errorMessage: 'Too many requests: wait a minute and try again.',
  }),
});
