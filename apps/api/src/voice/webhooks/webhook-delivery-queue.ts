import { Mutex, Semaphore } from 'async-mutex';

/**
 * Orders this process's database work for webhook deliveries. Deliveries of one call
 * run one after another, waiting here in memory rather than holding a pooled
 * connection while blocked on the call's database lock; and at most `slots`
 * deliveries use the database at once, so a burst queues instead of timing out on
 * the connection pool (which would turn accepted reports into failures).
 */
export class WebhookDeliveryQueue {
  private readonly calls = new Map<string, { mutex: Mutex; waiting: number }>();
  private readonly slots: Semaphore;

  constructor(slots: number) {
    this.slots = new Semaphore(slots);
  }

  /** Work that needs a database slot but no call's turn: a batch of deliveries. */
  runInSlot<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.runExclusive(work);
  }

  async run<T>(vapiCallId: string, work: () => Promise<T>): Promise<T> {
    const call = this.calls.get(vapiCallId) ?? { mutex: new Mutex(), waiting: 0 };
    this.calls.set(vapiCallId, call);
    call.waiting += 1;
    try {
      // The call's turn first, then a slot: a waiting duplicate never holds a slot.
      return await call.mutex.runExclusive(() => this.slots.runExclusive(work));
    } finally {
      call.waiting -= 1;
      if (call.waiting === 0) this.calls.delete(vapiCallId);
    }
  }
}
