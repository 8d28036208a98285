import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeMetaGraphServer, FakeVapiServer, metaLeadgenNotification, metaSignature, startApi } from '@lead-desk/test-support';
import { nearestRank, spread } from './statistics';

const APP_SECRET = 'bench-meta-app-secret';
const PAGE_TOKEN = 'EAAB-bench-page-token';
const GRAPH_VERSION = 'v26.0';
const GOOGLE_KEY = 'bench-google-key';
const CONSENT_WORDING =
  'I agree to be called on this number, by an AI voice agent or a member of the team, about properties that match my enquiry. I can ask not to be called again at any time.';
/** How long after the last lead the scenario waits for the calls still due before it counts the rest lost. */
const DRAIN_SECONDS = 60;

type Channel = 'callback request' | 'meta webhook' | 'google webhook' | 'inbound api';
const CHANNELS: Channel[] = ['callback request', 'meta webhook', 'google webhook', 'inbound api'];

interface SentLead {
  channel: Channel;
  phone: string;
  sentAt: number;
  status: number;
}

export interface SpeedToLeadOptions {
  leadsPerSecond: number;
  seconds: number;
}

/** A phone number no generated lead has (they are +91 9… from the generator): every lead here is new and called. */
const phoneOf = (run: string, i: number) => `+9170${String(Number.parseInt(run, 16) % 100).padStart(2, '0')}${String(i).padStart(6, '0')}`;

/**
 * Leads arriving at `leadsPerSecond` for `seconds`, the four inbound channels in turn (a
 * callback request; a Meta notification whose lead the API reads from a fake Graph API; a
 * Google lead form; a lead source's API key), against an API that calls every new lead at once
 * (AUTO_CALLBACK_DELAY_SECONDS=0). Measures, per lead, from the moment its request left to the
 * moment its `POST /call` reached the fake Vapi; a lead never dialled is lost, one dialled twice doubled.
 */
export async function speedToLead(databaseUrl: string, options: SpeedToLeadOptions) {
  const vapi = new FakeVapiServer();
  const graph = new FakeMetaGraphServer(GRAPH_VERSION, PAGE_TOKEN);
  await vapi.start();
  await graph.start();
  const api = await startApi({
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      AUTH_MODE: 'open',
      VAPI_API_URL: vapi.url,
      VAPI_PRIVATE_KEY: 'bench-private-key',
      VAPI_ASSISTANT_ID: 'bench-assistant',
      VAPI_PHONE_NUMBER_ID: 'bench-phone-number',
      CALLING_HOURS: '00:00-24:00',
      AUTO_CALLBACK: 'true',
      AUTO_CALLBACK_DELAY_SECONDS: '0',
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'bench-verify-token',
      META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
      META_GRAPH_URL: graph.url,
      META_GRAPH_VERSION: GRAPH_VERSION,
      GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY,
      // One client address sends everything: the per-address limits guard production, the benchmark is the flood.
      CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR: '100000000',
      WEBHOOK_REFUSALS_PER_MINUTE: '100000000',
      WEBHOOK_LIMIT_PER_MINUTE: '100000000',
    },
  });
  try {
    const source = await post(`${api.url}/api/lead-sources`, { name: `Bench Portal ${process.pid}` });
    const key = await post(`${api.url}/api/lead-sources/${(source.body as { id: string }).id}/keys`, {});
    const apiKey = (key.body as { key: string }).key;
    const run = createHash('sha256').update(`${process.pid}-${Date.now()}`).digest('hex').slice(0, 4);
    const total = options.leadsPerSecond * options.seconds;
    const sends: Promise<SentLead>[] = [];
    const started = performance.now();
    for (let i = 0; i < total; i += 1) {
      // Paced by the clock, not by answers: a slow answer does not slow the arrivals.
      const due = started + (i * 1000) / options.leadsPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sends.push(send(CHANNELS[i % CHANNELS.length], phoneOf(run, i), i, { apiUrl: api.url, graph, apiKey, run }));
    }
    const sent = await Promise.all(sends);
    const deadline = Date.now() + DRAIN_SECONDS * 1000;
    const dialledOf = () => vapi.requests.filter(({ method, path }) => method === 'POST' && path === '/call');
    while (Date.now() < deadline && new Set(dialledOf().map(({ body }) => numberOf(body))).size < sent.length) await sleep(200);
    // Calls placed twice would come after the first: a last look a little later.
    await sleep(3_000);
    return summarise(sent, dialledOf());
  } finally {
    await api.stop();
    await graph.stop();
    await vapi.stop();
  }
}

async function send(channel: Channel, phone: string, i: number, { apiUrl, graph, apiKey, run }: { apiUrl: string; graph: FakeMetaGraphServer; apiKey: string; run: string }): Promise<SentLead> {
  const name = `Speed ${channel} ${i}`;
  const sentAt = Date.now();
  let status: number;
  switch (channel) {
    case 'callback request':
      status = (await post(`${apiUrl}/api/callback-requests`, { name, phone, consent: true, consentWording: CONSENT_WORDING })).status;
      break;
    case 'meta webhook': {
      const leadgenId = String(7_000_000_000_000_000 + Number.parseInt(run, 16) * 1_000_000 + i);
      graph.addLead({ id: leadgenId, created_time: new Date(sentAt).toISOString().replace(/\.\d{3}Z$/, '+0000'), field_data: [{ name: 'full_name', values: [name] }, { name: 'phone_number', values: [phone] }], platform: 'fb' });
      const body = JSON.stringify(metaLeadgenNotification([{ leadgenId }]));
      status = (await post(`${apiUrl}/api/webhooks/meta`, body, { 'X-Hub-Signature-256': metaSignature(body, APP_SECRET) })).status;
      break;
    }
    case 'google webhook':
      status = (
        await post(`${apiUrl}/api/webhooks/google-ads`, {
          lead_id: `bench-${run}-${i}`,
          user_column_data: [
            { column_id: 'FULL_NAME', column_name: 'Full Name', string_value: name },
            { column_id: 'PHONE_NUMBER', column_name: 'User Phone', string_value: phone },
          ],
          api_version: '1.0',
          form_id: 40000000000,
          campaign_id: 20000000000,
          google_key: GOOGLE_KEY,
          is_test: false,
        })
      ).status;
      break;
    case 'inbound api':
      status = (await post(`${apiUrl}/api/inbound/leads`, { name, phone, externalId: `bench-${run}-${i}` }, { Authorization: `Bearer ${apiKey}` })).status;
      break;
  }
  return { channel, phone, sentAt, status };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const numberOf = (body: unknown) => (body as { customer?: { number?: string } }).customer?.number ?? '';

function summarise(sent: SentLead[], dialled: { body: unknown; receivedAt: number }[]) {
  const firstCall = new Map<string, number>();
  const callsPerNumber = new Map<string, number>();
  for (const { body, receivedAt } of dialled) {
    const number = numberOf(body);
    callsPerNumber.set(number, (callsPerNumber.get(number) ?? 0) + 1);
    if (!firstCall.has(number)) firstCall.set(number, receivedAt);
  }
  const latencies = (leads: SentLead[]) => leads.flatMap(({ phone, sentAt }) => (firstCall.has(phone) ? [(firstCall.get(phone)! - sentAt) / 1000] : []));
  const figures = (leads: SentLead[]) => {
    const seconds = latencies(leads).sort((a, b) => a - b);
    const at = (share: number) => nearestRank(seconds, share) ?? null;
    return { leads: leads.length, p50Seconds: at(0.5), p95Seconds: at(0.95), maxSeconds: seconds.at(-1) ?? null };
  };
  return {
    ...figures(sent),
    refused: sent.filter(({ status }) => status >= 300).length,
    lost: sent.filter(({ phone }) => !firstCall.has(phone)).length,
    doubled: [...callsPerNumber.values()].filter((calls) => calls > 1).length,
    byChannel: Object.fromEntries(CHANNELS.map((channel) => [channel, figures(sent.filter((lead) => lead.channel === channel))])),
    spreadSeconds: spread(latencies(sent)),
  };
}
