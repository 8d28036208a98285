import type { WebhookEvent } from '../database/models';
import { AlreadyProcessedError, type ChannelDeliveriesRepository } from './channel-deliveries.repository';

/** What one try of a stored delivery came to; `taken` when another try (here or in another process) holds it. */
export type DeliveryTry = 'processed' | 'failed' | 'taken';

/**
 * Tries stored deliveries of a channel, in this process. A delivery this process is trying is
 * left alone by another round meanwhile; each try is claimed first (a conditional write that one
 * of several processes wins), and `apply` marks it processed in the transaction of its effects,
 * which roll back when another try did it first (then `taken`, not a failure). A failure is
 * reported (`failed`, to log it with its context) and left on the delivery for the next try.
 */
export class DeliveryTries {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly failed: (event: WebhookEvent, error: unknown) => Promise<void> | void,
  ) {}

  async run(event: WebhookEvent, apply: () => Promise<void>): Promise<DeliveryTry> {
    if (event.processedAt || this.inFlight.has(event.id)) return 'taken';
    this.inFlight.add(event.id);
    try {
      if (!(await this.deliveries.claim(event))) return 'taken';
      await apply();
      return 'processed';
    } catch (error) {
      if (error instanceof AlreadyProcessedError) return 'taken';
      await this.deliveries.markFailed(event.id, error instanceof Error ? error.message : String(error));
      await this.failed(event, error);
      return 'failed';
    } finally {
      this.inFlight.delete(event.id);
    }
  }
}
