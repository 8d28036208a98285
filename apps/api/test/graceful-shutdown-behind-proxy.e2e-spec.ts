import { HaproxyBalancer } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiProcesses } from './support/api-processes';

jest.setTimeout(180_000);

/** HAProxy's checks (deploy/haproxy.cfg): every 2 s, down after 2 failures; the drain outlasts them. */
const DRAIN_SECONDS = 6;

interface Answer {
  status: number | string;
  servedBy: string | null;
}

/**
 * Two API processes on one PostgreSQL behind the real HAProxy with the compose file's
 * configuration: one is stopped with SIGTERM while requests flow through the proxy, and no
 * request fails. (With this configuration a drain of 0 passes too: HAProxy retries a refused
 * connection on another instance, and a request already on the stopping one is answered with
 * `Connection: close`. The drain is for balancers that do not retry.)
 */
describe('an instance stopped behind HAProxy', () => {
  const processes = new ApiProcesses();
  const balancer = new HaproxyBalancer();

  beforeAll(async () => {
    await processes.start(2, { AUTH_MODE: 'open', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) });
    await balancer.start(processes.apis.map((api) => api.url));
  });
  afterAll(async () => {
    await balancer.stop();
    await processes.stop();
  });

  it('stops under traffic: every request through the proxy is answered 200, the stopped instance exits 0, the other serves on', async () => {
    const answers: Answer[] = [];
    let sending = true;
    const traffic = (async () => {
      while (sending) {
        const answer = await fetch(`${balancer.url}/api/leads?limit=5`).then(
          async (response) => ({ status: response.status, servedBy: response.headers.get('x-served-by'), body: await response.text() }),
          (error: Error & { cause?: { code?: string } }) => ({ status: error.cause?.code ?? error.message, servedBy: null }),
        );
        answers.push({ status: answer.status, servedBy: answer.servedBy });
        await sleep(20);
      }
    })();
    await sleep(1_000);
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(['app1', 'app2']));

    const exit = await processes.apis[0].stop();
    const afterExit = answers.length;
    await sleep(1_000);
    sending = false;
    await traffic;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(new Set(answers.slice(afterExit).map((answer) => answer.servedBy))).toEqual(new Set(['app2']));
  });
});
