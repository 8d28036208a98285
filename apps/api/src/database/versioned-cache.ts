/** How a cache may answer while its answer is being computed again. */
export interface StaleAnswers {
  /** An answer this young (since computed) is given at once while a newer one is computed in the background; 0: never. */
  serveStaleMs: number;
  /** A background computation failed: the stale answer stays, the next request tries again. */
  onRefreshError: (error: unknown, key: string) => void;
}

interface Entry<T> {
  version: string;
  /** When the computation ended; null while it runs (a running one is shared however long it takes). */
  settledAt: number | null;
  value: Promise<T>;
  /** A newer computation under way in the background, while this entry's answer is given. */
  refreshing?: boolean;
}

/**
 * Results (counts, aggregates) kept per key while a version of a table
 * (`DatabaseDialect.tableVersion`) stays the same. At a million leads an exact COUNT of
 * a broad filter takes 10-300 ms and the dashboard's stats 1-2 s, while a page takes
 * 1-5 ms, so each is computed once per table version. Concurrent requests for the same
 * result share one query, however long it runs (a computation longer than `maxAgeMs`
 * would otherwise be started again by every request and never answer any). An entry
 * expires `maxAgeMs` after its computation ended: the bound on staleness when a
 * computation races a write that has moved the version but not committed yet. A cache
 * made with `StaleAnswers` gives an answer computed within `serveStaleMs` at once, however the
 * table changed since, and computes the next in the background (one at a time per key).
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
    private readonly stale: StaleAnswers = { serveStaleMs: 0, onRefreshError: () => undefined },
  ) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version && (entry.settledAt === null || this.now() - entry.settledAt < this.maxAgeMs)) {
      this.touch(key, entry);
      return entry.value;
    }
    if (entry?.settledAt != null && this.now() - entry.settledAt < this.stale.serveStaleMs) {
      if (!entry.refreshing) this.refresh(key, entry, version, compute);
      this.touch(key, entry);
      return entry.value;
    }
    const fresh: Entry<T> = { version, settledAt: null, value: compute() };
    this.put(key, fresh);
    fresh.value.then(
      () => (fresh.settledAt = this.now()),
      // A failed computation is not kept: the next request tries again (and sees the error itself).
      () => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
    return fresh.value;
  }

  /** Computes the answer again while `stale`'s is given; the new one replaces it once it is there. */
  private refresh(key: string, stale: Entry<T>, version: string, compute: () => Promise<T>): void {
    stale.refreshing = true;
    compute().then(
      (value) => this.put(key, { version, settledAt: this.now(), value: Promise.resolve(value) }),
      (error: unknown) => {
        stale.refreshing = false;
        this.stale.onRefreshError(error, key);
      },
    );
  }

  /** Most recently used last: the first key is the one to evict. */
  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private put(key: string, entry: Entry<T>): void {
    this.touch(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
