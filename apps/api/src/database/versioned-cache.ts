/**
 * Results (counts, aggregates) kept per key while a version of a table
 * (`DatabaseDialect.tableVersion`) stays the same. At a million leads an exact COUNT of
 * a broad filter takes 10-300 ms and the dashboard's stats 1-2 s, while a page takes
 * 1-5 ms, so each is computed once per table version. Concurrent requests for the same
 * result share one query, however long it runs (a computation longer than `maxAgeMs`
 * would otherwise be started again by every request and never answer any). An entry
 * expires `maxAgeMs` after its computation ended: the bound on staleness when a
 * computation races a write that has moved the version but not committed yet.
 */
export class VersionedCache<T> {
  /** `settledAt`: when the computation ended, null while it runs (a running one is shared however long it takes). */
  private readonly entries = new Map<string, { version: string; settledAt: number | null; value: Promise<T> }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version && (entry.settledAt === null || this.now() - entry.settledAt < this.maxAgeMs)) {
      // Most recently used last: the first key is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const fresh: { version: string; settledAt: number | null; value: Promise<T> } = { version, settledAt: null, value: compute() };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    fresh.value.then(
      () => (fresh.settledAt = this.now()),
      // A failed computation is not kept: the next request tries again (and sees the error itself).
      () => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
    return fresh.value;
  }
}
