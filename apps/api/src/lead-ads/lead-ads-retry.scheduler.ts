import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ChannelDeliveriesRepository } from '../inbox/channel-deliveries.repository';
import { nextAttemptAt } from '../inbox/retry-backoff';
import { LEAD_AD_CHANNELS } from './lead-ad-channels';
import { LeadAdsProcessor } from './lead-ads-processor.service';

/** Deliveries looked at per round; more wait for the next. */
const ROUND_LIMIT = 500;

/**
 * Works through the stored Meta and Google deliveries not processed yet, in every API
 * process, every LEAD_ADS_RETRY_SECONDS and whenever one is stored (kick): a new one at once,
 * a failed one (a Graph outage) again after LEAD_ADS_RETRY_SECONDS, doubling up to an hour,
 * until it succeeds. The work is in the database, so a restart loses none of it, and each try
 * is claimed, so several processes never make one lead twice.
 */
@Injectable()
export class LeadAdsRetryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LeadAdsRetryScheduler.name);
  private readonly rounds = new PeriodicTask(
    () => this.processDue(),
    (error) => this.logger.error({ err: error }, 'Processing stored lead ad deliveries failed; trying again next round'),
  );

  constructor(
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly processor: LeadAdsProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start(this.config.LEAD_ADS_RETRY_SECONDS * 1000, { runNow: true });
  }

  /** Before the database closes: a round in progress finishes first. */
  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  /** A delivery was stored: process it now rather than at the next tick. */
  kick(): void {
    this.rounds.kick();
  }

  private async processDue(): Promise<void> {
    const now = Date.now();
    const due = (await this.deliveries.unprocessed(LEAD_AD_CHANNELS, ROUND_LIMIT)).filter(
      (event) => nextAttemptAt(event.receivedAt, event.attempts, this.config.LEAD_ADS_RETRY_SECONDS).getTime() <= now,
    );
    for (const event of due) await this.processor.attempt(event);
  }
}
