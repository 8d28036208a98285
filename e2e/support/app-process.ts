import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface RunningApp {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

/** The production build of the app (API + page), as `pnpm start` runs it, on its own SQLite file. */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lead-desk-e2e-'));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, 'leads.db')}`,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return { url, process: child, dataDir };
}

/** Stops the app as a container would (SIGTERM) and removes its database. */
export async function stopApp(app: RunningApp): Promise<void> {
  const exited = new Promise((done) => app.process.once('exit', done));
  app.process.kill('SIGTERM');
  await exited;
  rmSync(app.dataDir, { recursive: true, force: true });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The app did not answer ${url}/api/health within 30 s`);
}
