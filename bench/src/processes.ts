import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Current resident memory, in MB. */
  memoryMb(): number;
  /**
   * The process's peak resident memory while `work` runs, in MB: the kernel's high-water
   * mark (VmHWM, reset before) and, as a cross-check, RSS sampled every 20 ms.
   */
  peakMemoryDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMemoryMb: number }>;
  stop(): Promise<void>;
}

/** Starts a node script with a free PORT and waits until `readyPath` answers 200. */
export async function startNodeServer(script: string, env: Record<string, string>, readyPath = '/'): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...script.endsWith('.ts') ? ['-r', '@swc-node/register'] : [], script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${script} did not answer ${readyPath}`);
    const ok = await fetch(url + readyPath).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  const status = (field: string) => Number(/\d+/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').find((line) => line.startsWith(field)) ?? '0')![0]) / 1024;
  return {
    url,
    process: child,
    memoryMb: () => status('VmRSS'),
    peakMemoryDuring: async (work) => {
      // "5" resets the high-water mark to the current RSS (proc(5), /proc/pid/clear_refs).
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
      let sampled = status('VmRSS');
      const sampler = setInterval(() => (sampled = Math.max(sampled, status('VmRSS'))), 20);
      try {
        const result = await work();
        return { result, peakMemoryMb: Math.max(sampled, status('VmHWM')) };
      } finally {
        clearInterval(sampler);
      }
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

/** The built API as `pnpm start` runs it. */
export function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startNodeServer(join(REPO_ROOT, 'apps/api/dist/main.js'), { DATABASE_URL: databaseUrl, DEMO_DATA: 'false', LOG_LEVEL: 'error', ...env }, '/api/health');
}
