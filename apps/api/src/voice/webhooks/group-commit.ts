/**
 * Group commit: items that arrive while earlier ones are being written wait, and go
 * together into the next write, so a burst of N deliveries costs a handful of
 * transactions (and of fsyncs) rather than 2N. A lone item is written at once: nothing
 * ever waits for company.
 */
export class GroupCommit<T, R> {
  private readonly waiting: { item: T; resolve(result: R): void; reject(error: unknown): void }[] = [];
  private writing = 0;

  constructor(
    /** Writes a batch; answers one result per item, in order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch: number,
    /** Batches written at the same time (one per database connection it may use). */
    private readonly maxWriting: number,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.startWrites();
    });
  }

  private startWrites(): void {
    while (this.writing < this.maxWriting && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.writing += 1;
      this.write(batch.map((entry) => entry.item))
        .then(
          (results) => batch.forEach((entry, i) => entry.resolve(results[i])),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.writing -= 1;
          this.startWrites();
        });
    }
  }
}
