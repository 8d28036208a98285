import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { freePort, REPO_ROOT } from '../support/app-process';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MAIN = join(REPO_ROOT, 'apps/api/dist/main.js');
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  VAPI_WEBHOOK_SECRET: 'webhook-secret-for-tests',
  SESSION_SECRET: randomBytes(32).toString('hex'),
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

/** Runs the built app the way the container's command does, until it exits or `until` resolves. */
function runApp(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
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
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    });
  });

  for (const missing of ['VAPI_WEBHOOK_SECRET', 'SESSION_SECRET', 'ADMIN_PASSWORD'] as const) {
    test(`refuses to start without ${missing}, naming it`, async () => {
      const { [missing]: _, ...env } = PRODUCTION_ENV;
      const app = runApp({ ...env, DATABASE_URL: freshDatabase().databaseUrl, PORT: String(await freePort()) });
      const exitCode = await Promise.race([app.exited, new Promise((resolve) => setTimeout(resolve, 20_000, 'still running'))]);
      app.child.kill('SIGKILL');
      expect(exitCode).toBe(1);
      expect(app.output()).toContain('Refusing to start in production');
      expect(app.output()).toContain(missing === 'ADMIN_PASSWORD' ? 'ADMIN_EMAIL and ADMIN_PASSWORD' : missing);
    });
  }

  test('starts with everything set: migrates, closes the dashboard to staff, serves the page with a CSP', async ({ request }) => {
    const port = await freePort();
    const { schema, databaseUrl } = freshDatabase();
    const app = runApp({ ...PRODUCTION_ENV, DATABASE_URL: databaseUrl, PORT: String(port) });
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
      expect(await (await request.get(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: 'postgresql' });
      expect((await request.get(`${base}/api/leads`)).status()).toBe(401);
      const page = await request.get(`${base}/`);
      expect(page.status()).toBe(200);
      expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers()['strict-transport-security']).toBeDefined();
      const signIn = await request.post(`${base}/api/auth/sign-in`, { data: { email: PRODUCTION_ENV.ADMIN_EMAIL, password: PRODUCTION_ENV.ADMIN_PASSWORD } });
      expect(signIn.status()).toBe(200);
      expect((await request.get(`${base}/api/leads`)).status()).toBe(200);
      const tables = await withPostgres((client) =>
        client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1`, [schema]),
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['_prisma_migrations', 'leads', 'staff_users']));
    } finally {
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    }
  });
});

test.describe('docker-compose.yml', () => {
  const compose = (env: Record<string, string>) =>
    promisify(execFile)('docker-compose', ['-f', join(REPO_ROOT, 'docker-compose.yml'), 'config', '-q'], {
      env: { PATH: process.env.PATH, ...env },
      cwd: REPO_ROOT,
    });

  test('validates with the required secrets set', async () => {
    await compose({ POSTGRES_PASSWORD: 'pw', VAPI_WEBHOOK_SECRET: 'secret', SESSION_SECRET: 'x'.repeat(32), ADMIN_EMAIL: 'a@example.in', ADMIN_PASSWORD: 'a long enough password' });
  });

  test('stops with a clear message when a required secret is missing', async () => {
    const failure = await compose({}).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failure?.stderr).toContain('Set POSTGRES_PASSWORD in .env');
  });
});
