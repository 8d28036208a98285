import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '../../common/periodic-task';
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
  private readonly rounds = new PeriodicTask(
    () => this.retryFailed(),
    (error) => this.logger.error({ err: error }, 'Retrying stored webhook events failed; trying again next round'),
  );

  constructor(
    private readonly processor: WebhookProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start(this.config.WEBHOOK_RETRY_SECONDS * 1000);
  }

  /** Before the database closes: a round in progress finishes first. */
  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  private async retryFailed(): Promise<void> {
    const outcome = await this.processor.replayUnprocessed({
      // Deliveries younger than one period may still be in flight in some instance.
      receivedBefore: new Date(Date.now() - this.config.WEBHOOK_RETRY_SECONDS * 1000),
      attemptsBelow: AUTOMATIC_ATTEMPTS,
    });
    if (outcome.processed + outcome.failed > 0) this.logger.log(outcome, 'Retried stored webhook events');
  }
}
