import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { REPOSITORY_ROOT, startApi } from '@lead-desk/test-support';
import { parse } from 'yaml';

const run = promisify(execFile);
const REQUIRED_SECRETS = { POSTGRES_PASSWORD: 'pw', VAPI_WEBHOOK_SECRET: 'secret', SESSION_SECRET: 'x'.repeat(32), PRIVACY_HASH_SALT: 'y'.repeat(16) };
const CADDYFILE = join(REPOSITORY_ROOT, 'deploy/Caddyfile');
const HAPROXY_CFG = join(REPOSITORY_ROOT, 'deploy/haproxy.cfg');

type ComposeService = { deploy?: { replicas?: number }; ports?: { published: number | string; target: number; protocol?: string }[]; environment?: Record<string, string>; volumes?: (string | { source: string; target: string })[] };

/** The compose file as `docker compose up` would read it with `env` as .env. */
async function renderCompose(env: Record<string, string>): Promise<Record<string, ComposeService>> {
  const { stdout } = await run('docker-compose', ['-f', join(REPOSITORY_ROOT, 'docker-compose.yml'), 'config'], { env: { PATH: process.env.PATH, ...REQUIRED_SECRETS, ...env }, cwd: REPOSITORY_ROOT });
  return (parse(stdout) as { services: Record<string, ComposeService> }).services;
}

/** A service's mounts as `source:target` (docker-compose v1 renders them as text, v2 as objects). */
function mounts(service: ComposeService): string[] {
  return (service.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume.split(':').slice(0, 2).join(':') : `${volume.source}:${volume.target}`));
}

/** The Caddyfile as the real caddy reads it, with the edge's environment as compose gives it. */
async function adaptCaddyfile(siteAddress: string) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SITE_ADDRESS: siteAddress };
  await run('caddy', ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], { env });
  const { stdout } = await run('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], { env });
  const [server] = Object.values((JSON.parse(stdout) as { apps: { http: { servers: Record<string, { listen: string[]; routes: { match?: { host: string[] }[]; handle: unknown[] }[] }> } } }).apps.http.servers);
  return server;
}

test.describe('the proxies before the API instances (deploy/, docker-compose.yml)', () => {
  test('compose runs APP_REPLICAS instances reachable only through the edge, which publishes http and https', async () => {
    const services = await renderCompose({ APP_REPLICAS: '3', APP_PORT: '8000' });
    expect(services.app.deploy?.replicas).toBe(3);
    expect(services.app.ports).toBeUndefined();
    expect(services.haproxy.ports).toBeUndefined();
    expect(services.caddy.ports?.map((port) => `${port.published}:${port.target}${port.protocol === 'udp' ? '/udp' : ''}`)).toEqual(['8000:80', '443:443', '443:443/udp']);
    expect(mounts(services.caddy)).toContain(`${CADDYFILE}:/etc/caddy/Caddyfile`);
    expect(mounts(services.haproxy)).toContain(`${HAPROXY_CFG}:/usr/local/etc/haproxy/haproxy.cfg`);
    expect((await renderCompose({})).app.deploy?.replicas).toBe(1);
  });

  test('Caddy serves plain http without a domain and https for one, streaming every answer to HAProxy unbuffered', async () => {
    const { caddy } = await renderCompose({});
    const plain = await adaptCaddyfile(caddy.environment?.SITE_ADDRESS ?? '');
    expect(plain.listen).toEqual([':80']);
    const proxy = JSON.stringify(plain.routes);
    expect(proxy).toContain('"dial":"haproxy:8080"');
    expect(proxy).toContain('"flush_interval":-1');

    const { caddy: withDomain } = await renderCompose({ SITE_ADDRESS: 'leads.example.in' });
    const secure = await adaptCaddyfile(withDomain.environment?.SITE_ADDRESS ?? '');
    expect(secure.listen).toEqual([':443']);
    expect(secure.routes[0].match).toEqual([{ host: ['leads.example.in'] }]);
  });

  test("HAProxy's configuration is valid, and the readiness it checks is a route the API answers", async () => {
    await run('haproxy', ['-c', '-f', HAPROXY_CFG]);
    const readiness = /http-check send meth GET uri (\S+)/.exec(await readFile(HAPROXY_CFG, 'utf8'))?.[1];
    expect(readiness).toBe('/api/health/ready');
    const api = await startApi({ env: { LOG_LEVEL: 'warn' } });
    try {
      expect((await fetch(new URL(readiness ?? '', api.url))).status).toBe(200);
    } finally {
      expect(await api.stop()).toEqual({ code: 0, signal: null });
    }
  });
});
