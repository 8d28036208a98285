import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startApi, type ServerProcess } from '@lead-desk/test-support';

export interface RunningApp {
  url: string;
  api: ServerProcess;
  dataDir: string;
  logFile: string;
}

/**
 * The production build of the app (API + page), as `pnpm start` runs it, on its own
 * SQLite file. Its log stays in test-results/ for a failure to be read after the run.
 */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lead-desk-e2e-'));
  const logFile = join(__dirname, '../test-results', `${basename(dataDir)}.log`);
  // Every request is logged (info): a failed run prints the end of this log (api-log-reporter.ts).
  const api = await startApi({ env: { DATABASE_URL: `file:${join(dataDir, 'leads.db')}`, DEMO_DATA: 'true', LOG_LEVEL: 'info', CALLING_HOURS: '00:00-24:00', ...env }, logFile });
  return { url: api.url, api, dataDir, logFile };
}

/** Stops the app as a container would (SIGTERM) and removes its database. */
export async function stopApp(app: RunningApp): Promise<void> {
  await app.api.stop();
  rmSync(app.dataDir, { recursive: true, force: true });
}

/** Staff mode with its first admin and no demo leads, so what a test counts is its own. */
export function staffModeEnv(admin: { email: string; password: string }): Record<string, string> {
  return { AUTH_MODE: 'staff', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SESSION_SECRET: randomBytes(32).toString('hex'), DEMO_DATA: 'false' };
}
