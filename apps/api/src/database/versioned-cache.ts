/** How a cache may answer while its answer is being computed again. */
export interface StaleAnswers {
  /** An answer this young (since computed) is given at once while a newer one is computed in the background; 0: never. */
  serveStaleMs: number;
  /**
   * An older answer of other data waits this long for the newer one, then is given itself: a
   * kept answer, however old, beats a request that times out while a long computation runs.
   */
  staleWaitMs: number;
  /** A background computation failed: the stale answer stays, the next request tries again. */
  onRefreshError: (error: unknown, key: string) => void;
}

interface Entry<T> {
  version: string;
  /** When this key first saw `version`, and when the computation of `value` started. */
  versionSince: number;
  startedAt: number;
  /** When the computation ended; null while it runs (a running one is shared however long it takes). */
  settledAt: number | null;
  value: Promise<T>;
  /** A newer computation under way in the background while this entry's answer is given: its answer, or this one's if it fails. */
  refreshing?: Promise<T>;
  refreshingVersion?: string;
  /** The version asked for last while `refreshing` is of another, computed once that ends (one computation at a time per key). */
  queued?: { version: string; compute: () => Promise<T>; value: Promise<T> };
}

/**
 * Results (counts, aggregates) kept per key while a version of a table
 * (`DatabaseDialect.tableVersion`) stays the same. At a million leads an exact COUNT of
 * a broad filter takes 10-300 ms and the dashboard's stats 1-2 s, while a page takes
 * 1-5 ms, so each is computed once per table version. Concurrent requests for the same
 * result share one query, however long it runs (a computation longer than `maxAgeMs`
 * would otherwise be started again by every request and never answer any). An entry
 * expires `maxAgeMs` after its computation ended: the bound on staleness when a
 * computation races a write that has moved the version but not committed yet. Once an
 * answer was computed from a start `maxAgeMs` or more after its version first appeared,
 * no such write can be missing from it: it is kept while the version stays (at ten
 * million leads an exact COUNT takes seconds, and counting it again every 10 s held up
 * every request meanwhile).
 *
 * A cache made with `StaleAnswers` never drops an answer it has: after a change it gives the
 * kept answer at once and computes the next in the background (one at a time per key: a newer
 * version asked for meanwhile is computed once that one ends), and
 * once that answer is older than `serveStaleMs` (and of other data) a request waits up to
 * `staleWaitMs` for the new one, then takes the old one rather than nothing.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
    private readonly stale?: StaleAnswers,
  ) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (!entry) return this.computeFirst(key, version, compute);
    this.touch(key, entry);
    if (entry.settledAt === null || (entry.version === version && (this.isFinal(entry) || this.now() - entry.settledAt < this.maxAgeMs))) return entry.value;
    if (!this.stale) return this.computeFirst(key, version, compute, this.versionSince(entry, version));
    const next = this.refreshed(key, entry, version, compute);
    // Of the same data (only aged), or young enough: at once.
    if (entry.version === version || this.now() - entry.settledAt < this.stale.serveStaleMs) return entry.value;
    return firstOf(next, entry.value, this.stale.staleWaitMs);
  }

  /**
   * Computes the key's answer unless one of this version is kept or under way, and resolves once
   * it is there (failures go to `onRefreshError`): answers kept ready before anyone asks.
   */
  async warm(key: string, version: string, compute: () => Promise<T>): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) {
      await this.computeFirst(key, version, compute).catch((error: unknown) => this.stale?.onRefreshError(error, key));
      return;
    }
    this.touch(key, entry);
    if (entry.settledAt === null) await entry.value.catch(() => undefined);
    else if (entry.refreshing) await entry.refreshing;
    else if (entry.version !== version) await this.refresh(key, entry, version, compute);
  }

  /** Computed long enough after its version appeared that no write of an older version can be missing from it. */
  private isFinal(entry: Entry<T>): boolean {
    return entry.startedAt - entry.versionSince >= this.maxAgeMs;
  }

  /** When the key first saw `version`: the entry's if it is of that version, else now. */
  private versionSince(entry: Entry<T> | undefined, version: string): number {
    return entry?.version === version ? entry.versionSince : this.now();
  }

  private computeFirst(key: string, version: string, compute: () => Promise<T>, versionSince = this.now()): Promise<T> {
    const fresh: Entry<T> = { version, versionSince, startedAt: this.now(), settledAt: null, value: compute() };
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

  /**
   * The answer of `version` (or of a newer one) computed in the background: the computation under way if it is of
   * that version, else one started after it, shared by every request asking meanwhile (a request of a version
   * newer than the one being computed would otherwise get an answer missing its write, however fast counting is).
   */
  private refreshed(key: string, entry: Entry<T>, version: string, compute: () => Promise<T>): Promise<T> {
    if (!entry.refreshing) return this.refresh(key, entry, version, compute);
    if (entry.refreshingVersion === version) return entry.refreshing;
    const queued = entry.queued ?? { version, compute, value: entry.refreshing.then(() => this.runQueued(key, entry)) };
    entry.queued = Object.assign(queued, { version, compute });
    return queued.value;
  }

  private runQueued(key: string, entry: Entry<T>): Promise<T> {
    const { version, compute } = entry.queued!;
    entry.queued = undefined;
    const current = this.entries.get(key) ?? entry;
    if (current.version === version && current.settledAt !== null) return current.value;
    return this.refreshed(key, current, version, compute);
  }

  /** Computes the answer again while `stale`'s is given; the new one replaces it once it is there. */
  private refresh(key: string, stale: Entry<T>, version: string, compute: () => Promise<T>): Promise<T> {
    const [versionSince, startedAt] = [this.versionSince(stale, version), this.now()];
    stale.refreshingVersion = version;
    stale.refreshing = compute().then(
      (value) => {
        this.put(key, { version, versionSince, startedAt, settledAt: this.now(), value: Promise.resolve(value) });
        return value;
      },
      (error: unknown) => {
        stale.refreshing = undefined;
        this.stale?.onRefreshError(error, key);
        return stale.value;
      },
    );
    return stale.refreshing;
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

/** `next` if it comes within `waitMs`, else `fallback`. */
function firstOf<T>(next: Promise<T>, fallback: Promise<T>, waitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), waitMs);
    timer.unref();
  });
  return Promise.race([next, late]).finally(() => clearTimeout(timer));
}
