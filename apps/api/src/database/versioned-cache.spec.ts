import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  let now = 0;
  const cache = () => new VersionedCache<number>(2, 10_000, () => now);
  beforeEach(() => (now = 0));

  it('counts once per filter while the table version stays the same', async () => {
    const counts = cache();
    const compute = jest.fn().mockResolvedValue(42);
    expect(await counts.get('all', 'v1', compute)).toBe(42);
    expect(await counts.get('all', 'v1', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('counts again when the table version changes', async () => {
    const counts = cache();
    await counts.get('all', 'v1', async () => 42);
    expect(await counts.get('all', 'v2', async () => 43)).toBe(43);
  });

  it('shares one count between concurrent requests', async () => {
    const counts = cache();
    let finish: (value: number) => void = () => undefined;
    const compute = jest.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const both = Promise.all([counts.get('all', 'v1', compute), counts.get('all', 'v1', compute)]);
    finish(7);
    expect(await both).toEqual([7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('counts again after the maximum age, even with an unchanged version, and then keeps that count while the version stays', async () => {
    const counts = cache();
    await counts.get('all', 'v1', async () => 1);
    now = 10_000;
    expect(await counts.get('all', 'v1', async () => 2)).toBe(2);
    // Counted 10 s after v1 first appeared: a write that moved the version before then has committed.
    now = 100_000;
    expect(await counts.get('all', 'v1', async () => 3)).toBe(2);
    // A new version starts over: counted at once, again after the maximum age, then kept.
    expect(await counts.get('all', 'v2', async () => 4)).toBe(4);
    now = 105_000;
    expect(await counts.get('all', 'v2', async () => 5)).toBe(4);
    now = 110_000;
    expect(await counts.get('all', 'v2', async () => 6)).toBe(6);
    now = 500_000;
    expect(await counts.get('all', 'v2', async () => 7)).toBe(6);
  });

  it('shares a computation still running however long it takes, and ages an answer from when it came', async () => {
    const counts = cache();
    let finish: (value: number) => void = () => undefined;
    const slow = jest.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const first = counts.get('year', 'v1', slow);
    now = 25_000;
    const later = counts.get('year', 'v1', slow);
    finish(9);
    expect(await Promise.all([first, later])).toEqual([9, 9]);
    expect(slow).toHaveBeenCalledTimes(1);
    now = 34_000;
    expect(await counts.get('year', 'v1', async () => -1)).toBe(9);
    now = 35_000;
    expect(await counts.get('year', 'v1', async () => 10)).toBe(10);
    now = 90_000;
    expect(await counts.get('year', 'v1', async () => -1)).toBe(10);
  });

  describe('with stale answers allowed', () => {
    const refreshErrors: unknown[] = [];
    const staleCache = (staleWaitMs = 60_000) => new VersionedCache<number>(2, 10_000, () => now, { serveStaleMs: 60_000, staleWaitMs, onRefreshError: (error) => refreshErrors.push(error) });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const never = () => new Promise<number>(() => undefined);
    beforeEach(() => (refreshErrors.length = 0));

    it('answers at once with the last answer after a write, and with the new one once it is computed', async () => {
      const report = staleCache();
      expect(await report.get('month', 'v1', async () => 1)).toBe(1);
      let finish: (value: number) => void = () => undefined;
      const again = jest.fn(() => new Promise<number>((resolve) => (finish = resolve)));
      now = 1_000;
      expect(await report.get('month', 'v2', again)).toBe(1);
      // One computation in the background however many ask meanwhile.
      expect(await report.get('month', 'v3', again)).toBe(1);
      expect(again).toHaveBeenCalledTimes(1);
      finish(2);
      await settle();
      expect(await report.get('month', 'v2', async () => -1)).toBe(2);
    });

    it('computes the version asked for last while another is computed once that one ends, once for everyone asking meanwhile', async () => {
      const counts = new VersionedCache<number>(2, 10_000, () => now, { serveStaleMs: 0, staleWaitMs: 60_000, onRefreshError: (error) => refreshErrors.push(error) });
      await counts.get('all', 'v1', async () => 1);
      let finish: (value: number) => void = () => undefined;
      const v2 = counts.get('all', 'v2', () => new Promise<number>((resolve) => (finish = resolve)));
      const [skipped, latest] = [jest.fn(async () => 3), jest.fn(async () => 4)];
      const v3 = counts.get('all', 'v3', skipped);
      const v4 = counts.get('all', 'v4', latest);
      // One computation at a time: v2's is still under way.
      expect(latest).not.toHaveBeenCalled();
      finish(2);
      expect(await v2).toBe(2);
      expect([await v3, await v4]).toEqual([4, 4]);
      expect(skipped).not.toHaveBeenCalled();
      expect(latest).toHaveBeenCalledTimes(1);
      expect(await counts.get('all', 'v4', async () => -1)).toBe(4);
    });

    it('waits for a new answer when the last is older than serveStaleMs', async () => {
      const report = staleCache();
      await report.get('month', 'v1', async () => 1);
      now = 60_000;
      expect(await report.get('month', 'v2', async () => 3)).toBe(3);
    });

    it('gives an answer older than serveStaleMs rather than none when the new one takes longer than staleWaitMs', async () => {
      const report = staleCache(0);
      await report.get('year', 'v1', async () => 1);
      now = 3_600_000;
      const slow = jest.fn(never);
      expect(await report.get('year', 'v2', slow)).toBe(1);
      expect(await report.get('year', 'v2', slow)).toBe(1);
      expect(slow).toHaveBeenCalledTimes(1);
    });

    it('gives an aged answer of unchanged data at once, and computes it again in the background', async () => {
      const report = staleCache();
      await report.get('month', 'v1', async () => 1);
      now = 3_600_000;
      expect(await report.get('month', 'v1', never)).toBe(1);
    });

    it('keeps the last answer when the background computation fails, says so, and tries again on the next request', async () => {
      const report = staleCache();
      await report.get('month', 'v1', async () => 1);
      now = 1_000;
      expect(await report.get('month', 'v2', () => Promise.reject(new Error('database gone')))).toBe(1);
      await settle();
      expect(refreshErrors).toEqual([new Error('database gone')]);
      expect(await report.get('month', 'v2', async () => 4)).toBe(1);
      await settle();
      expect(await report.get('month', 'v2', async () => -1)).toBe(4);
    });

    it('gives the old answer to a request waiting for a computation that fails', async () => {
      const report = staleCache();
      await report.get('month', 'v1', async () => 1);
      now = 3_600_000;
      expect(await report.get('month', 'v2', () => Promise.reject(new Error('database gone')))).toBe(1);
      expect(refreshErrors).toEqual([new Error('database gone')]);
    });

    describe('warm', () => {
      it('computes an answer no one has asked for, which the first request then gets at once', async () => {
        const report = staleCache();
        await report.warm('today', 'v1', async () => 5);
        expect(await report.get('today', 'v1', never)).toBe(5);
      });

      it('computes again only when the data changed, and shares a computation under way', async () => {
        const report = staleCache();
        const compute = jest.fn(async () => 6);
        await report.warm('today', 'v1', compute);
        now = 3_600_000;
        await report.warm('today', 'v1', compute);
        expect(compute).toHaveBeenCalledTimes(1);
        await report.warm('today', 'v2', compute);
        expect(compute).toHaveBeenCalledTimes(2);
        let finish: (value: number) => void = () => undefined;
        const asked = report.get('week', 'v1', () => new Promise<number>((resolve) => (finish = resolve)));
        const warming = report.warm('week', 'v1', never);
        finish(7);
        await warming;
        expect(await asked).toBe(7);
      });

      it('says when a computation fails, and keeps nothing', async () => {
        const report = staleCache();
        await report.warm('today', 'v1', () => Promise.reject(new Error('database gone')));
        expect(refreshErrors).toEqual([new Error('database gone')]);
        expect(await report.get('today', 'v1', async () => 8)).toBe(8);
      });
    });
  });

  it('does not keep a failed computation', async () => {
    const counts = cache();
    await expect(counts.get('all', 'v1', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await counts.get('all', 'v1', async () => 5)).toBe(5);
  });

  it('forgets the least recently used filter beyond its size', async () => {
    const counts = cache();
    await counts.get('a', 'v1', async () => 1);
    await counts.get('b', 'v1', async () => 2);
    await counts.get('a', 'v1', async () => -1);
    await counts.get('c', 'v1', async () => 3);
    expect(await counts.get('a', 'v1', async () => -1)).toBe(1);
    expect(await counts.get('b', 'v1', async () => 20)).toBe(20);
  });
});
