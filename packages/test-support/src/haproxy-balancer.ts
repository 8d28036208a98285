import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';
import { REPOSITORY_ROOT } from './repository-root';
import { ToolProcess } from './tool-process';

const DEPLOYED_CONFIG = join(REPOSITORY_ROOT, 'deploy/haproxy.cfg');

/**
 * The real HAProxy with the compose file's own configuration (deploy/haproxy.cfg), in front of
 * API processes on this machine: only what ties it to Docker changes (the instances are
 * listed by address instead of found through Docker's DNS, and it listens on a free port).
 * Each answer says which instance served it (X-Served-By), so a test can see the spread.
 */
export class HaproxyBalancer {
  private tool?: ToolProcess;
  url = '';

  /** The HAProxy process's id (its CPU time, in the benchmarks). */
  get pid(): number {
    if (!this.tool) throw new Error('HaproxyBalancer.start has not run');
    return this.tool.pid;
  }

  async start(instanceUrls: string[]): Promise<void> {
    const port = await freePort();
    this.tool = new ToolProcess('lead-desk-haproxy-');
    const configFile = join(this.tool.folder, 'haproxy.cfg');
    writeFileSync(configFile, localConfig(readFileSync(DEPLOYED_CONFIG, 'utf8'), port, instanceUrls));
    this.tool.start('haproxy', ['-db', '-f', configFile]);
    this.url = `http://127.0.0.1:${port}`;
    await this.waitForInstances(instanceUrls.length);
  }

  /** Waits until HAProxy's health checks count `count` instances ready (each answer names its server). */
  async waitForInstances(count: number, withinMs = 30_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (this.tool?.ended !== false) throw new Error(`HAProxy ended: ${this.tool?.log}`);
      const served = new Set<string>();
      for (let i = 0; i < count * 4; i += 1) {
        const answer = await fetch(`${this.url}/api/health/ready`).catch(() => undefined);
        const server = answer?.ok ? answer.headers.get('x-served-by') : null;
        if (server) served.add(server);
      }
      if (served.size === count) return;
      await sleep(250);
    }
    throw new Error(`HAProxy did not see ${count} ready instances within ${withinMs} ms: ${this.tool?.log}`);
  }

  async stop(): Promise<void> {
    await this.tool?.stop();
  }
}

/** deploy/haproxy.cfg for processes on this machine: static servers instead of Docker's DNS, a free port, who served each answer. */
function localConfig(deployed: string, port: number, instanceUrls: string[]): string {
  const servers = instanceUrls.map((url, i) => `\tserver app${i + 1} ${new URL(url).host}`).join('\n');
  const local = deployed
    .replace(/^resolvers docker\n(?:\t.*\n)+/m, '')
    .replace(/ resolvers docker resolve-prefer ipv4 init-addr none/, '')
    .replace(/^\tserver-template .*$/m, `${servers}\n\thttp-response set-header X-Served-By %s`)
    .replace(/^\tbind :8080$/m, `\tbind 127.0.0.1:${port}`);
  if (local.includes('resolvers') || local.includes('server-template') || !local.includes(`bind 127.0.0.1:${port}`)) {
    throw new Error('deploy/haproxy.cfg changed shape: update HaproxyBalancer.localConfig');
  }
  return local;
}
