import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('writes the items of one turn of the event loop together, and those that arrive meanwhile in the next write', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const writing = new GroupCommit<number, string>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((item) => `done ${item}`);
      },
      10,
      1,
    );
    const together = [1, 2].map((item) => writing.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    const meanwhile = [3, 4].map((item) => writing.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    release();
    expect(await Promise.all([...together, ...meanwhile])).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(batches).toEqual([[1, 2], [3, 4]]);
  });

  it('writes a lone item without waiting for company', async () => {
    const writing = new GroupCommit<number, number>(async (items) => items, 10, 1);
    expect(await writing.add(7)).toBe(7);
  });

  it('keeps batches within their size, and writes several at a time while full batches wait', async () => {
    const batches: number[][] = [];
    let concurrent = 0;
    let mostConcurrent = 0;
    const writing = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        mostConcurrent = Math.max(mostConcurrent, (concurrent += 1));
        await new Promise((resolve) => setTimeout(resolve, 5));
        concurrent -= 1;
        return items;
      },
      3,
      2,
    );
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => writing.add(i)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(3);
    expect(mostConcurrent).toBe(2);
  });

  it('keeps a batch that is not full waiting for the write in progress, rather than writing it beside', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const writing = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items;
      },
      3,
      2,
    );
    const first = writing.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 3].map((item) => writing.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('fails every item of a batch whose write fails, and goes on with the next batch', async () => {
    let calls = 0;
    const writing = new GroupCommit<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return items;
      },
      10,
      1,
    );
    const failing = [1, 2].map((item) => writing.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    const next = writing.add(3);
    for (const item of failing) await expect(item).rejects.toThrow('database gone');
    expect(await next).toBe(3);
    expect(calls).toBe(2);
  });
});
