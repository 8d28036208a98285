import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A third-party server (HAProxy, PgBouncer) run for a test from a folder of its own, which holds
 * its configuration: what it prints is kept for a failure's message, and stop() ends it and
 * removes the folder.
 */
export class ToolProcess {
  readonly folder: string;
  private child?: ChildProcess;
  private output = '';

  constructor(folderPrefix: string) {
    this.folder = mkdtempSync(join(tmpdir(), folderPrefix));
  }

  start(command: string, args: string[]): void {
    this.child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
  }

  get pid(): number {
    if (this.child?.pid === undefined) throw new Error('ToolProcess.start has not run');
    return this.child.pid;
  }

  get ended(): boolean {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** The last of what it printed. */
  get log(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && !this.ended) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}
