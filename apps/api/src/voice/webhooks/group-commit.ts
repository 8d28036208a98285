/**
 * Group commit: items that arrive together, or while earlier ones are being written,
 * go together into the next write, so a burst of N deliveries costs a handful of
 * transactions (and of fsyncs) rather than 2N. A write starts on the event loop's next
 * turn, once every request already received has been read: SQLite's driver writes
 * synchronously, so without that turn each request would be read, and written, alone.
 * A lone item waits for nothing else. A second write runs beside the first only when a
 * full batch waits: each write has a fixed cost (a transaction, a handful of
 * statements), so under a steady stream fewer, fuller batches go further.
 */
export class GroupCommit<T, R> {
  private readonly waiting: { item: T; resolve(result: R): void; reject(error: unknown): void }[] = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    /** Writes a batch; answers one result per item, in order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch: number,
    /** Batches written at the same time at most (one per database connection it may use). */
    private readonly maxWriting: number,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.scheduleWrites();
    });
  }

  private scheduleWrites(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startWrites();
    });
  }

  private startWrites(): void {
    while (this.waiting.length > 0 && (this.writing === 0 || (this.writing < this.maxWriting && this.waiting.length >= this.maxBatch))) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.writing += 1;
      this.write(batch.map((entry) => entry.item))
        .then(
          (results) => batch.forEach((entry, i) => entry.resolve(results[i])),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.writing -= 1;
          this.scheduleWrites();
        });
    }
  }
}
