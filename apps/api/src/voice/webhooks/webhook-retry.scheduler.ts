import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { WebhookProcessor } from './webhook-processor.service';

/** After this many failed attempts an event waits for `pnpm webhooks:replay` (a bug to fix, not a blip). */
export const AUTOMATIC_ATTEMPTS = 5;

/**
 * Retries, every WEBHOOK_RETRY_SECONDS, the stored deliveries whose processing failed
 * (a database blip, a deploy mid-request), so a 202 becomes a lead without anyone
 * running the replay by hand. Safe beside other instances: processing is idempotent.
 */
@Injectable()
export class WebhookRetryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookRetryScheduler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly processor: WebhookProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      // A slow round is never overlapped by the next one.
      this.running ??= this.retryFailed().finally(() => (this.running = undefined));
    }, this.config.WEBHOOK_RETRY_SECONDS * 1000);
    this.timer.unref();
  }

  /** Before the database closes: a round in progress finishes first. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async retryFailed(): Promise<void> {
    try {
      const outcome = await this.processor.replayUnprocessed({
        // Deliveries younger than one period may still be in flight in some instance.
        receivedBefore: new Date(Date.now() - this.config.WEBHOOK_RETRY_SECONDS * 1000),
        attemptsBelow: AUTOMATIC_ATTEMPTS,
      });
      if (outcome.processed + outcome.failed > 0) this.logger.log(outcome, 'Retried stored webhook events');
    } catch (error) {
      this.logger.error({ err: error }, 'Retrying stored webhook events failed; trying again next round');
    }
  }
}
