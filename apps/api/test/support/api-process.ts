import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const API_DIR = join(__dirname, '../..');

/** How to run the API: its TypeScript source (compiled on the fly) or the build in dist/. */
export type ApiEntry = 'source' | 'build';

export interface ApiProcess {
  url: string;
  pid: number;
  /** What the process wrote to stdout and stderr so far (its logs); empty once it was killed. */
  output(): string;
  /** Resident memory of the process, from /proc; throws, with its last output, if it ended. */
  rssBytes(): number;
  /** Sends `signal`, waits for the process to exit and removes its log file. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A port the OS just handed out (the child cannot report an ephemeral port of its own). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The API as a process of its own, as `pnpm start` runs it: its own logs, memory and
 * fate (a test can SIGKILL it). Resolves once /api/health answers 200. Its output goes
 * to a file, as under a process manager: a pipe to a busy test process would push back
 * and pile unwritten log lines up in the API's memory.
 */
export async function startApiProcess(entry: ApiEntry, env: Record<string, string>, nodeArgs: string[] = []): Promise<ApiProcess> {
  const port = await freePort();
  const args = [...nodeArgs, ...(entry === 'build' ? [join(API_DIR, 'dist/main.js')] : ['-r', '@swc-node/register', join(API_DIR, 'src/main.ts')])];
  const logDir = mkdtempSync(join(tmpdir(), 'lead-desk-api-log-'));
  const logFile = join(logDir, 'output.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? `exit code ${code}`;
      resolve();
    }),
  );
  const api: ApiProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      }
    },
    rssBytes: () => {
      if (exit) throw new Error(`The API process ended (${exit}) on its own; its last output:\n${api.output().slice(-4000)}`);
      return rssOf(child.pid!);
    },
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(logDir, { recursive: true, force: true });
    },
  };
  await waitForHealth(api, child);
  return api;
}

async function waitForHealth(api: ApiProcess, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with ${child.exitCode} before it was ready:\n${api.output()}`);
    const healthy = await fetch(`${api.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await api.kill('SIGKILL');
  throw new Error(`The API did not become healthy within 60 s:\n${api.output()}`);
}

function rssOf(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`No VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}
