import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('writes a lone item at once, and the items that arrive meanwhile together', async () => {
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
    const first = writing.add(1);
    const rest = [2, 3, 4].map((item) => writing.add(item));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches within their size and writes several at a time', async () => {
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
    const failing = writing.add(1);
    const next = writing.add(2);
    await expect(failing).rejects.toThrow('database gone');
    expect(await next).toBe(2);
  });
});
