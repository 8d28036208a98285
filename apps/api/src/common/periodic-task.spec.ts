import { PeriodicTask } from './periodic-task';

/** A round that waits to be let go, counting how often it started. */
function gatedRounds() {
  const gates: (() => void)[] = [];
  let started = 0;
  return {
    round: () => {
      started += 1;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    started: () => started,
    finishOne: async () => {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('runs a round every period, skipping ticks while one runs', async () => {
    const rounds = gatedRounds();
    const task = new PeriodicTask(rounds.round, () => undefined);
    task.start(1_000);
    expect(rounds.started()).toBe(0);
    jest.advanceTimersByTime(1_000);
    expect(rounds.started()).toBe(1);
    jest.advanceTimersByTime(3_000);
    expect(rounds.started()).toBe(1);
    await rounds.finishOne();
    jest.advanceTimersByTime(1_000);
    expect(rounds.started()).toBe(2);
    await rounds.finishOne();
    await task.stop();
  });

  it('runs a kicked round right after the one in progress, once however often kicked', async () => {
    const rounds = gatedRounds();
    const task = new PeriodicTask(rounds.round, () => undefined);
    task.start(60_000, { runNow: true });
    task.kick();
    task.kick();
    expect(rounds.started()).toBe(1);
    await rounds.finishOne();
    expect(rounds.started()).toBe(2);
    await rounds.finishOne();
    expect(rounds.started()).toBe(2);
    await task.stop();
  });

  it('hands a failed round to onError and runs the next one', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const task = new PeriodicTask(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
    }, (error) => errors.push(error));
    task.start(1_000, { runNow: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([new Error('database gone')]);
    jest.advanceTimersByTime(1_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(2);
    await task.stop();
  });

  it('stop() waits for the round in progress and runs no more', async () => {
    const rounds = gatedRounds();
    const task = new PeriodicTask(rounds.round, () => undefined);
    task.start(1_000, { runNow: true });
    task.kick();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    await rounds.finishOne();
    await stopping;
    jest.advanceTimersByTime(10_000);
    expect(rounds.started()).toBe(1);
  });
});
