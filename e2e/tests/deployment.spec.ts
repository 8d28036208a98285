import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { EndedBeforeReadyError, REPOSITORY_ROOT, startApi } from '@lead-desk/test-support';
import { Client } from 'pg';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  VAPI_WEBHOOK_SECRET: 'webhook-secret-for-tests',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  PRIVACY_HASH_SALT: randomBytes(16).toString('hex'),
  ADMIN_EMAIL: 'admin@example.in',
  ADMIN_PASSWORD: 'a long enough password',
  LOG_LEVEL: 'warn',
};

async function withPostgres<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.describe('production start-up (NODE_ENV=production, PostgreSQL)', () => {
  // A schema per start: an admin created by one start would satisfy the next.
  const schemas: string[] = [];
  function freshDatabase(): { schema: string; databaseUrl: string } {
    const schema = `lead_desk_e2e_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    return { schema, databaseUrl: `${POSTGRES_URL}?schema=${schema}` };
  }

  test.afterAll(async () => {
    await withPostgres(async (client) => {
      // With the job queue's own schema (pg-boss keeps it beside the app's).
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
    });
  });

  for (const missing of ['VAPI_WEBHOOK_SECRET', 'SESSION_SECRET', 'PRIVACY_HASH_SALT', 'ADMIN_PASSWORD'] as const) {
    test(`refuses to start without ${missing}, naming it`, async () => {
      const { [missing]: _, ...env } = PRODUCTION_ENV;
      const refusal = await startApi({ env: { ...env, DATABASE_URL: freshDatabase().databaseUrl } }).then(
        async (app) => `started (stopped: ${JSON.stringify(await app.kill('SIGKILL'))})`,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(EndedBeforeReadyError);
      const { exit, output } = refusal as EndedBeforeReadyError;
      expect(exit).toEqual({ code: 1, signal: null });
      expect(output).toContain('Refusing to start in production');
      expect(output).toContain(missing === 'ADMIN_PASSWORD' ? 'ADMIN_EMAIL and ADMIN_PASSWORD' : missing);
    });
  }

  test('starts with everything set: migrates, closes the dashboard to staff, serves the page with a CSP', async ({ request }) => {
    const { schema, databaseUrl } = freshDatabase();
    const app = await startApi({ env: { ...PRODUCTION_ENV, DATABASE_URL: databaseUrl } });
    try {
      expect(await (await request.get(`${app.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'postgresql' });
      expect((await request.get(`${app.url}/api/leads`)).status()).toBe(401);
      const page = await request.get(`${app.url}/`);
      expect(page.status()).toBe(200);
      expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers()['strict-transport-security']).toBeDefined();
      expect(page.headers()['x-powered-by']).toBeUndefined();
      // No map of every route unless API_DOCS=true.
      expect((await request.get(`${app.url}/api/docs`)).status()).toBe(404);
      const signIn = await request.post(`${app.url}/api/auth/sign-in`, { data: { email: PRODUCTION_ENV.ADMIN_EMAIL, password: PRODUCTION_ENV.ADMIN_PASSWORD } });
      expect(signIn.status()).toBe(200);
      // Secure by default, though this start is plain http: a browser sends it to 127.0.0.1 all the same.
      expect(signIn.headers()['set-cookie']).toMatch(/; Secure(;|$)/i);
      expect((await request.get(`${app.url}/api/leads`)).status()).toBe(200);
      const tables = await withPostgres((client) =>
        client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1`, [schema]),
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['_prisma_migrations', 'leads', 'staff_users']));
    } finally {
      expect(await app.stop()).toEqual({ code: 0, signal: null });
    }
  });

  test('runs open only when DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true says so, and the page warns in red', async ({ page }) => {
    const env = { ...PRODUCTION_ENV, AUTH_MODE: 'open', DATABASE_URL: freshDatabase().databaseUrl };
    const refusal = await startApi({ env }).then(
      async (app) => `started (stopped: ${JSON.stringify(await app.kill('SIGKILL'))})`,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(EndedBeforeReadyError);
    expect((refusal as EndedBeforeReadyError).output).toContain('DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true');

    const app = await startApi({ env: { ...env, DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION: 'true' } });
    try {
      await page.goto(`${app.url}/`);
      const warning = page.getByRole('alert').filter({ hasText: 'Open in production' });
      await expect(warning).toHaveText('Open in production: anyone who reaches this page can read, change and export every lead, manage staff and erase people.');
      await expect(warning).toHaveCSS('border-top-color', 'rgb(185, 28, 28)');
      await expect(warning).toHaveCSS('background-color', 'rgb(254, 226, 226)');
    } finally {
      expect(await app.stop()).toEqual({ code: 0, signal: null });
    }
  });

  test("serves the API docs with API_DOCS=true under the page's Content-Security-Policy, and they render", async ({ page }) => {
    const app = await startApi({ env: { ...PRODUCTION_ENV, API_DOCS: 'true', DATABASE_URL: freshDatabase().databaseUrl } });
    try {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      const docs = await page.goto(`${app.url}/api/docs`);
      expect(docs?.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(docs?.headers()['x-powered-by']).toBeUndefined();
      await expect(page.getByRole('heading', { name: /Lead Desk API/ })).toBeVisible();
      await expect(page.getByText('/api/leads', { exact: true }).first()).toBeVisible();
      expect(refused).toEqual([]);
    } finally {
      expect(await app.stop()).toEqual({ code: 0, signal: null });
    }
  });
});

test.describe('docker-compose.yml', () => {
  const compose = (env: Record<string, string>) =>
    promisify(execFile)('docker-compose', ['-f', join(REPOSITORY_ROOT, 'docker-compose.yml'), 'config', '-q'], {
      env: { PATH: process.env.PATH, ...env },
      cwd: REPOSITORY_ROOT,
    });

  test('validates with the required secrets set', async () => {
    await compose({ POSTGRES_PASSWORD: 'pw', VAPI_WEBHOOK_SECRET: 'secret', SESSION_SECRET: 'x'.repeat(32), PRIVACY_HASH_SALT: 'y'.repeat(16), ADMIN_EMAIL: 'a@example.in', ADMIN_PASSWORD: 'a long enough password' });
  });

  test('stops with a clear message when a required secret is missing', async () => {
    const failure = await compose({}).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failure?.stderr).toContain('Set POSTGRES_PASSWORD in .env');
  });
});
