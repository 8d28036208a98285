import { FakeMetaGraphServer, FakeVapiServer, HaproxyBalancer, metaLeadgenNotification, metaSignature, type FakeMetaLead } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { agentCallsEnv } from './support/agent-calls-env';
import { ApiProcesses } from './support/api-processes';
import { queryRows } from './support/database-rows';
import { eventually } from './support/eventually';
import { numberedMetaLead } from './support/numbered-meta-leads';
import { SseClient } from './support/sse-client';

jest.setTimeout(240_000);

const APP_SECRET = 'proxy-app-secret';
const PAGE_TOKEN = 'EAAB-proxy-page-token';
const GRAPH_VERSION = 'v26.0';

const PHONE_PREFIX = '+9198400';
const metaLead = (i: number): FakeMetaLead => numberedMetaLead(i, { firstId: 1_400_000_000_000_000n, namePrefix: 'Proxy Buyer', phonePrefix: PHONE_PREFIX });
const metaPhone = (i: number) => `${PHONE_PREFIX}${String(10_000 + i)}`;

/**
 * Three API processes on one PostgreSQL behind the real HAProxy with the compose file's
 * configuration (deploy/haproxy.cfg): Meta's deliveries spread over the instances are stored
 * once each, a browser on one instance hears what another wrote, the sign-in limit holds in
 * total, and an instance killed under load loses no acknowledged delivery while the proxy
 * routes around it.
 */
describe('three API instances behind HAProxy', () => {
  const graph = new FakeMetaGraphServer(GRAPH_VERSION, PAGE_TOKEN);
  const vapi = new FakeVapiServer();
  const processes = new ApiProcesses();
  const balancer = new HaproxyBalancer();
  /** How often the agent dialled each Meta lead's number (the scheduled call jobs, run by whichever instance takes them). */
  const dials = (from: number, to: number) => {
    const dialled = vapi.requests.filter(({ method, path }) => method === 'POST' && path === '/call').map(({ body }) => (body as { customer: { number: string } }).customer.number);
    return Array.from({ length: to - from }, (_, i) => dialled.filter((number) => number === metaPhone(from + i)).length);
  };
  const leads = async (): Promise<number> => Number((await queryRows<{ n: string }>(processes.database, 'SELECT COUNT(*) AS n FROM leads'))[0].n);
  const deliver = (i: number) => {
    const body = JSON.stringify(metaLeadgenNotification([{ leadgenId: metaLead(i).id }]));
    return fetch(`${balancer.url}/api/webhooks/meta`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': metaSignature(body, APP_SECRET) }, body });
  };

  beforeAll(async () => {
    await graph.start();
    await vapi.start();
    await processes.start(3, {
      AUTH_MODE: 'open',
      LOG_LEVEL: 'warn',
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'proxy-verify-token',
      META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
      META_GRAPH_URL: graph.url,
      META_GRAPH_VERSION: GRAPH_VERSION,
      // Each new lead gets the agent's call at once: a scheduled job per lead, which must run once across the three.
      ...agentCallsEnv(vapi),
      // A call job the killed instance held is taken by another after this lease.
      JOB_LEASE_SECONDS: '10',
      // A delivery whose Graph read was cut short by the killed instance is read again by another after this lease
      // (a read still running after it would be read twice: more than a busy machine ever takes here).
      LEAD_ADS_RETRY_SECONDS: '15',
      // Every request comes from 127.0.0.1 through the proxy: per-address limits are not what this test is about.
      WEBHOOK_LIMIT_PER_MINUTE: '100000',
      WEBHOOK_REFUSALS_PER_MINUTE: '100000',
      // Sign-in, though, is: three attempts a minute from one address, however many instances take them.
      SIGN_IN_LIMIT_PER_MINUTE: '3',
    });
    for (let i = 0; i < 400; i += 1) graph.addLead(metaLead(i));
    await balancer.start(processes.apis.map((api) => api.url));
  });

  afterAll(async () => {
    await balancer.stop();
    await processes.stop();
    await graph.stop();
    await vapi.stop();
  });

  it('stores a storm of deliveries, each sent twice and spread over the three, exactly once', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => [deliver(i), deliver(i)]).flat());
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.get('x-served-by')))).toEqual(new Set(['app1', 'app2', 'app3']));
    expect(await eventually(async () => (await leads()) === 100)).toBe(true);
    await sleep(2_000);
    expect(await leads()).toBe(100);
    expect(Array.from({ length: 100 }, (_, i) => graph.served(metaLead(i).id))).toEqual(Array(100).fill(1));
    expect(await eventually(async () => dials(0, 100).every((count) => count > 0))).toBe(true);
    await sleep(2_000);
    expect(dials(0, 100)).toEqual(Array(100).fill(1));
  });

  it('brings a browser connected through the proxy the leads written through each instance', async () => {
    const stream = await SseClient.connect(`${balancer.url}/api/events`);
    try {
      for (const [index, api] of processes.apis.entries()) {
        const name = `Written through instance ${index + 1}`;
        const created = await fetch(`${api.url}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, phone: `+91985000000${index}` }) });
        expect(created.status).toBe(201);
        const { _id: id } = (await created.json()) as { _id: string };
        await stream.next((event) => event.event === 'lead.created' && (event.data as { _id: string })._id === id);
      }
    } finally {
      stream.disconnect();
    }
  });

  it('holds the sign-in limit in total, whichever instances the proxy sends the attempts to', async () => {
    const attempts = [];
    for (let i = 0; i < 6; i += 1) {
      const body = JSON.stringify({ email: `guess.${i}@example.in`, password: 'a wrong guess' });
      attempts.push(await fetch(`${balancer.url}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
    }
    expect(attempts.map((answer) => answer.status)).toEqual([401, 401, 401, 429, 429, 429]);
    expect(new Set(attempts.map((answer) => answer.headers.get('x-served-by'))).size).toBeGreaterThan(1);
  });

  it('loses no acknowledged delivery when an instance is killed under load, and routes around it', async () => {
    const before = await leads();
    const acknowledged = new Set<number>();
    const sending = (async () => {
      for (let i = 100; i < 400; i += 10) {
        // A delivery cut off by the kill has no answer at all: Meta would send it again, as any not answered 200.
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            deliver(i + j).then(
              (answer) => [i + j, answer.status] as const,
              () => [i + j, 0] as const,
            ),
          ),
        );
        for (const [lead, status] of batch) if (status === 200) acknowledged.add(lead);
        await sleep(20);
      }
    })();
    await sleep(1_000);
    await processes.apis[1].kill('SIGKILL');
    await sending;

    // Meta sends again what was not acknowledged; the two survivors take everything.
    const unacknowledged = Array.from({ length: 300 }, (_, i) => 100 + i).filter((lead) => !acknowledged.has(lead));
    const resent = await Promise.all(unacknowledged.map((lead) => deliver(lead)));
    expect(resent.map((answer) => answer.status)).toEqual(unacknowledged.map(() => 200));
    expect(new Set(resent.map((answer) => answer.headers.get('x-served-by')))).not.toContain('app2');
    // The killed instance's deliveries that were stored but not yet read from the Graph are finished by the others.
    expect(await eventually(async () => (await leads()) === before + 300, 900)).toBe(true);
    expect(acknowledged.size).toBeGreaterThan(0);
    // And each of them gets its one call, the killed instance's scheduled calls placed by the others, none twice
    // (a call whose answer the kill cut off is looked up at Vapi before it is tried again).
    expect(await eventually(async () => dials(100, 400).every((count) => count > 0), 900)).toBe(true);
    await sleep(2_000);
    expect(dials(0, 400)).toEqual(Array(400).fill(1));
  });
});
