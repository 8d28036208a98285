/**
 * A round of work repeated every period in this process: a tick while a round runs is
 * skipped (a slow round is never overlapped), kick() runs one now or right after the one in
 * progress (never before start() or after stop()), a failed round goes to `onError` and the next round tries again, and stop()
 * waits for the round in progress (call it before the database closes). The timer does not
 * keep the process alive.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(periodMs: number, { runNow = false } = {}): void {
    this.timer = setInterval(() => this.running ?? this.run(), periodMs);
    this.timer.unref();
    if (runNow) this.run();
  }

  /** Runs a round now, or right after the one in progress: new work need not wait for the timer. */
  kick(): void {
    // Not started (or stopped): nothing runs, as the timer would run nothing.
    if (!this.timer) return;
    if (this.running) this.again = true;
    else this.run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    await this.running;
  }

  private run(): void {
    this.running = this.round()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.run();
        }
      });
  }
}
