import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import type { WebhookEvent } from '../database/models';
import { ChannelDeliveriesRepository } from './channel-deliveries.repository';

/** Deliveries looked at per round; more wait for the next. */
const ROUND_LIMIT = 500;

/**
 * Works through a channel's stored deliveries not processed yet, in every API process, every
 * `retrySeconds` and whenever one is stored (kick): a new one at once, a failed one again after
 * `retrySeconds`, doubling up to an hour, until it succeeds. The work is in the database, so a
 * restart loses none of it, and each try is claimed, so several processes never apply one twice.
 */
export abstract class DeliveryRetryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(this.constructor.name);
  private readonly rounds = new PeriodicTask(
    () => this.processDue(),
    (error) => this.logger.error({ err: error, channels: this.channels }, 'Processing stored deliveries failed; trying again next round'),
  );

  protected constructor(
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly channels: readonly string[],
    private readonly retrySeconds: number,
  ) {}

  /** Tries one delivery (the channel's processor). */
  protected abstract attempt(event: WebhookEvent): Promise<unknown>;

  /** Whether the channel is set up to process anything at all. */
  protected isEnabled(): boolean {
    return true;
  }

  onApplicationBootstrap(): void {
    if (this.isEnabled()) this.rounds.start(this.retrySeconds * 1000, { runNow: true });
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
    for (const event of await this.deliveries.due(this.channels, this.retrySeconds, new Date(), ROUND_LIMIT)) await this.attempt(event);
  }
}
