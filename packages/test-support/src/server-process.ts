import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './free-port';
import { peakMemoryDuring, processMemoryBytes } from './process-memory';

const READY_WITHIN_MS = 60_000;

export interface ServerProcessOptions {
  /** The script to run; a .ts script runs through @swc-node/register, resolved from `cwd`. */
  script: string;
  /** Its folder: a .ts script is compiled with the tsconfig.json found there. */
  cwd: string;
  /** Its whole environment besides PATH and PORT: nothing of the caller's leaks in. */
  env: Record<string, string>;
  /** Answers 200 once the server is ready. */
  readyPath: string;
  nodeArgs?: string[];
  /** Where its stdout and stderr go, kept; by default a temporary file removed once it ends. */
  logFile?: string;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process wrote to stdout and stderr so far; empty once a temporary log is removed. */
  output(): string;
  /** Resident memory, from /proc; throws, with its last output, if the process ended. */
  rssBytes(): number;
  /** Peak resident memory while `work` runs (see peakMemoryDuring). */
  peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakBytes: number }>;
  /** Sends `signal` and resolves with the exit once the process has ended. */
  kill(signal: NodeJS.Signals): Promise<ProcessExit>;
  /** Stops it as a container runtime would: SIGTERM, then waits for the exit. */
  stop(): Promise<ProcessExit>;
}

/** The process ended before it answered its ready path: a refused start-up is an outcome some tests expect. */
export class EndedBeforeReadyError extends Error {
  constructor(
    readonly exit: ProcessExit,
    readonly output: string,
  ) {
    super(`The process ended (${describeExit(exit)}) before it was ready; its output:\n${output.slice(-4000)}`);
  }
}

/**
 * A node server as a process of its own, on a free port: its own logs, memory and fate
 * (a test can SIGKILL it). Resolves once `readyPath` answers 200. Its output goes to a
 * file, as under a process manager: a pipe to a busy test process would push back and
 * pile unwritten log lines up in the server's memory.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const temporaryLogDir = options.logFile ? undefined : mkdtempSync(join(tmpdir(), 'lead-desk-server-log-'));
  const logFile = options.logFile ?? join(temporaryLogDir!, 'output.log');
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'w');
  const compiler = options.script.endsWith('.ts') ? ['-r', '@swc-node/register'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...compiler, options.script], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<ProcessExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const output = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    }
  };
  const running = () => {
    if (hasEnded(child)) throw new Error(`The process ${options.script} ended (${describeExit({ code: child.exitCode, signal: child.signalCode })}); its last output:\n${output().slice(-4000)}`);
    return child.pid!;
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (!hasEnded(child)) child.kill(signal);
    const exit = await exited;
    if (temporaryLogDir) rmSync(temporaryLogDir, { recursive: true, force: true });
    return exit;
  };
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output,
    rssBytes: () => processMemoryBytes(running(), 'VmRSS'),
    peakRssDuring: (work) => peakMemoryDuring(running(), work),
    kill,
    stop: () => kill('SIGTERM'),
  };
  await waitUntilReady(server, child, options.readyPath);
  return server;
}

async function waitUntilReady(server: ServerProcess, child: ChildProcess, readyPath: string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (hasEnded(child)) {
      const output = server.output();
      throw new EndedBeforeReadyError(await server.kill('SIGKILL'), output);
    }
    const ready = await fetch(`${server.url}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const output = server.output();
  await server.kill('SIGKILL');
  throw new Error(`${server.url}${readyPath} did not answer 200 within ${READY_WITHIN_MS / 1000} s; the process's output:\n${output.slice(-4000)}`);
}

function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function describeExit({ code, signal }: ProcessExit): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}
