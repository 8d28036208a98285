import { nextAttemptAt } from './retry-backoff';

describe('nextAttemptAt', () => {
  const received = new Date('2026-11-20T10:00:00.000Z');
  const after = (attempts: number, base = 30) => (nextAttemptAt(received, attempts, base).getTime() - received.getTime()) / 1000;

  it('is due at once before the first try, then waits the base, doubling each step', () => {
    expect([0, 1, 2, 3, 4].map((attempts) => after(attempts))).toEqual([0, 30, 90, 210, 450]);
  });

  it('never waits more than an hour between two tries', () => {
    expect(after(9) - after(8)).toBe(3_600);
    expect(after(40) - after(39)).toBe(3_600);
  });

  it('follows a short base as it follows the default', () => {
    expect(after(3, 0.2)).toBeCloseTo(1.4);
  });
});
