import { WebhookDeliveryQueue } from './webhook-delivery-queue';

/** A task that records when it runs and finishes only when released. */
function controllable(log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    work: async () => {
      log.push(`start ${name}`);
      await released;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WebhookDeliveryQueue', () => {
  it('runs deliveries of one call one after another, in arrival order', async () => {
    const queue = new WebhookDeliveryQueue(4);
    const log: string[] = [];
    const first = controllable(log, 'a1');
    const second = controllable(log, 'a2');
    const results = [queue.run('call-a', first.work), queue.run('call-a', second.work)];
    await settle();
    expect(log).toEqual(['start a1']);
    first.release();
    await settle();
    expect(log).toEqual(['start a1', 'end a1', 'start a2']);
    second.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2']);
  });

  it('runs different calls side by side up to the number of slots, and a waiting duplicate holds no slot', async () => {
    const queue = new WebhookDeliveryQueue(2);
    const log: string[] = [];
    const a1 = controllable(log, 'a1');
    const a2 = controllable(log, 'a2');
    const b = controllable(log, 'b');
    const c = controllable(log, 'c');
    const results = [queue.run('a', a1.work), queue.run('a', a2.work), queue.run('b', b.work), queue.run('c', c.work)];
    await settle();
    expect(log).toEqual(['start a1', 'start b']);
    b.release();
    await settle();
    expect(log).toEqual(['start a1', 'start b', 'end b', 'start c']);
    a1.release();
    c.release();
    a2.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b', 'c']);
  });

  it('passes a failure on and lets the next delivery of the call run', async () => {
    const queue = new WebhookDeliveryQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });
});
