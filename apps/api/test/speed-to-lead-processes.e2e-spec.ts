import { CALLBACK_CONSENT_WORDING } from '@lead-desk/contracts';
import { FakeMetaGraphServer, FakeVapiServer, metaLeadgenNotification, metaSignature, type FakeMetaLead } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { agentCallsEnv } from './support/agent-calls-env';
import { ApiProcesses } from './support/api-processes';
import { queryRows } from './support/database-rows';
import { eventually } from './support/eventually';
import { numberedMetaLead } from './support/numbered-meta-leads';

jest.setTimeout(240_000);

const APP_SECRET = 'speed-app-secret';
const PAGE_TOKEN = 'EAAB-speed-page-token';
const GRAPH_VERSION = 'v26.0';
const PEOPLE = 50;

const callbackPhone = (i: number) => `+9198200${String(10_000 + i)}`;
const metaPhone = (i: number) => `+9198300${String(10_000 + i)}`;
const metaLead = (i: number): FakeMetaLead => numberedMetaLead(i, { firstId: 1_300_000_000_000_000n, namePrefix: 'Meta Buyer', phonePrefix: '+9198300', city: 'Bengaluru' });

/**
 * Speed to lead with two API processes on one PostgreSQL, as instances behind a load balancer:
 * 50 people ask for a callback and 50 arrive through Meta Lead Ads, each delivery sent twice,
 * to either process, all at once. Every person becomes one lead and gets exactly one call.
 */
describe('speed to lead with two API processes on one PostgreSQL', () => {
  const vapi = new FakeVapiServer();
  const graph = new FakeMetaGraphServer(GRAPH_VERSION, PAGE_TOKEN);
  const processes = new ApiProcesses();

  beforeAll(async () => {
    await vapi.start();
    await graph.start();
    await processes.start(2, {
      AUTH_MODE: 'open',
      LOG_LEVEL: 'warn',
      ...agentCallsEnv(vapi),
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'speed-verify-token',
      META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
      META_GRAPH_URL: graph.url,
      META_GRAPH_VERSION: GRAPH_VERSION,
      GOOGLE_ADS_WEBHOOK_KEY: 'speed-google-key',
      // Every request comes from 127.0.0.1: the per-address limits are not what this test is about.
      CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR: '1000',
      WEBHOOK_REFUSALS_PER_MINUTE: '1000',
    });
    for (let i = 0; i < PEOPLE; i += 1) graph.addLead(metaLead(i));
  });

  afterAll(async () => {
    await processes.stop();
    await graph.stop();
    await vapi.stop();
  });

  it('makes 100 leads and places 100 calls, no more, from 50 callback requests and 50 Meta deliveries each sent twice', async () => {
    const [first, second] = processes.apis;
    const requestCallback = (url: string, i: number) =>
      fetch(`${url}/api/callback-requests`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Callback Buyer ${i}`, phone: callbackPhone(i), consent: true, consentWording: CALLBACK_CONSENT_WORDING }),
      });
    const deliverMeta = (url: string, i: number) => {
      const body = JSON.stringify(metaLeadgenNotification([{ leadgenId: metaLead(i).id }]));
      return fetch(`${url}/api/webhooks/meta`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': metaSignature(body, APP_SECRET) }, body });
    };
    const answers = await Promise.all(
      Array.from({ length: PEOPLE }, (_, i) => [
        requestCallback(first.url, i),
        requestCallback(second.url, i),
        deliverMeta(second.url, i),
        deliverMeta(first.url, i),
      ]).flat(),
    );
    expect(answers.map(({ status }) => status).every((status) => status === 200 || status === 201)).toBe(true);

    const count = async (sql: string) => Number((await queryRows<{ n: string }>(processes.database, sql))[0].n);
    const placed = () => count(`SELECT COUNT(*) AS n FROM call_attempts WHERE state = 'placed'`);
    expect(await eventually(async () => (await placed()) === 2 * PEOPLE)).toBe(true);
    // Both processes go on polling: whatever they would dial twice, they would dial by now.
    await sleep(3_000);

    expect(await count(`SELECT COUNT(*) AS n FROM leads`)).toBe(2 * PEOPLE);
    expect(await count(`SELECT COUNT(*) AS n FROM callback_cadences`)).toBe(2 * PEOPLE);
    expect(await count(`SELECT COUNT(*) AS n FROM call_attempts`)).toBe(2 * PEOPLE);
    const dialled = vapi.requests.filter(({ method, path }) => method === 'POST' && path === '/call').map(({ body }) => (body as { customer: { number: string } }).customer.number);
    expect(dialled).toHaveLength(2 * PEOPLE);
    expect(new Set(dialled)).toEqual(new Set([...Array.from({ length: PEOPLE }, (_, i) => callbackPhone(i)), ...Array.from({ length: PEOPLE }, (_, i) => metaPhone(i))]));
    // Each Meta lead was read from the Graph once, however many deliveries named it: a try is claimed, and the next waits out LEAD_ADS_RETRY_SECONDS.
    expect(Array.from({ length: PEOPLE }, (_, i) => graph.served(metaLead(i).id))).toEqual(Array(PEOPLE).fill(1));
  });
});
