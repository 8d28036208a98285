/**
 * Results (counts, aggregates) kept per key while a version of a table
 * (`DatabaseDialect.tableVersion`) stays the same. At a million leads an exact COUNT of
 * a broad filter takes 10-300 ms and the dashboard's stats 1-2 s, while a page takes
 * 1-5 ms, so each is computed once per table version. Concurrent requests for the same
 * result share one query. An entry also expires after `maxAgeMs`: the bound on
 * staleness when a computation races a write that has moved the version but not
 * committed yet.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; computedAt: number; value: Promise<T> }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version && this.now() - entry.computedAt < this.maxAgeMs) {
      // Most recently used last: the first key is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const fresh = { version, computedAt: this.now(), value: compute() };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failed computation is not kept: the next request tries again (and sees the error itself).
    fresh.value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return fresh.value;
  }
}
