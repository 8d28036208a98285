import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EndedBeforeReadyError, startApi } from '@lead-desk/test-support';
import { PRODUCTION_ENV } from './support/production-env';

const OPEN_IN_PRODUCTION = { ...PRODUCTION_ENV, AUTH_MODE: 'open' };

/** The API as a process of its own with NODE_ENV=production and AUTH_MODE=open, on a SQLite file of its own. */
describe('AUTH_MODE=open in production', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lead-desk-open-mode-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const databaseFile = () => join(dir, 'leads.db');

  it('refuses to start, naming AUTH_MODE and the variable that would allow it, before touching the database', async () => {
    const refusal = await startApi({ entry: 'source', env: { ...OPEN_IN_PRODUCTION, DATABASE_URL: `file:${databaseFile()}` } }).then(
      async (api) => `started (stopped: ${JSON.stringify(await api.kill('SIGKILL'))})`,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(EndedBeforeReadyError);
    const { exit, output } = refusal as EndedBeforeReadyError;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(output).toContain('AUTH_MODE: open is refused in production (NODE_ENV=production)');
    expect(output).toContain('Set AUTH_MODE=staff, or DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true if an open dashboard is really meant.');
    // A configuration mistake is the operator's: no stack trace.
    expect(output).not.toMatch(/\n\s+at /);
    expect(existsSync(databaseFile())).toBe(false);
  });

  it('starts with DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true, warns in its log and tells the page to warn in red', async () => {
    const api = await startApi({ entry: 'source', env: { ...OPEN_IN_PRODUCTION, DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION: 'true', DATABASE_URL: `file:${databaseFile()}` } });
    try {
      expect(await (await fetch(`${api.url}/api/auth/me`)).json()).toEqual({ authMode: 'open', staff: null, csrfToken: null, openInProduction: true });
      // What the operator asked for: the dashboard answers without a session.
      expect((await fetch(`${api.url}/api/leads`)).status).toBe(200);
      expect(api.output()).toContain('Production start with a protection off: AUTH_MODE=open with DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true');
    } finally {
      expect(await api.stop()).toEqual({ code: 0, signal: null });
    }
  });
});
