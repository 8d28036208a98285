import { FakeMetaGraphServer, metaLeadgenNotification, metaSignature, startApi, type FakeMetaLead, type ServerProcess } from '@lead-desk/test-support';
import { setTimeout as sleep } from 'node:timers/promises';
import { executeScript, queryRows } from './support/database-rows';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';

jest.setTimeout(180_000);

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'meta-verify-token-for-tests';
const PAGE_TOKEN = 'EAAB-page-access-token-for-tests';
const GOOGLE_KEY = 'google-form-key-for-tests';
const GRAPH_VERSION = 'v26.0';

const metaLead = (id: string, email: string, overrides: Partial<FakeMetaLead> = {}): FakeMetaLead => ({
  id,
  created_time: '2026-11-20T04:45:30+0000',
  field_data: [
    { name: 'full_name', values: [`Lead ${id}`] },
    { name: 'email', values: [email] },
    { name: 'phone_number', values: [`+9198${id.slice(-8).padStart(8, '0')}`] },
    { name: 'city', values: ['Pune'] },
    { name: 'what_is_your_budget?', values: ['50_lakh_-_1_cr'] },
  ],
  campaign_id: '2300000000000001',
  form_id: '900000000000001',
  ad_id: '2300000000000009',
  platform: 'ig',
  is_organic: false,
  ...overrides,
});

const googleLead = (leadId: string, email: string, extra: Record<string, unknown> = {}) => ({
  lead_id: leadId,
  user_column_data: [
    { column_name: 'Full Name', string_value: `Google ${leadId}`, column_id: 'FULL_NAME' },
    { column_name: 'User Email', string_value: email, column_id: 'EMAIL' },
    { column_name: 'User Phone', string_value: `+9197${String(email.length).padStart(8, '0')}`, column_id: 'PHONE_NUMBER' },
    { column_name: 'City', string_value: 'Mumbai', column_id: 'CITY' },
  ],
  api_version: '1.0',
  form_id: 40000000000,
  campaign_id: 20000000000,
  google_key: GOOGLE_KEY,
  is_test: false,
  gcl_id: 'EAIaIQobChMI-test',
  ...extra,
});

/** A stored time as ISO 8601 in UTC: PostgreSQL's driver gives a Date, SQLite the text Prisma wrote. */
const timeOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * Meta Lead Ads and Google Ads lead forms, against the real API as a process of its own and a
 * fake Graph API: the handshake, signatures and keys (refused ones stored nowhere, counted per
 * source), leads made once per leadgen id / lead id however often delivered, a Graph outage
 * survived across a restart, and test leads never called.
 */
describe.each(PROVIDERS)('lead ad webhooks on %s', (provider) => {
  const graph = new FakeMetaGraphServer(GRAPH_VERSION, PAGE_TOKEN);
  let database: TestDatabase;
  let api: ServerProcess;

  const startLeadAdsApi = () =>
    startApi({
      entry: 'source',
      env: {
        DATABASE_URL: database.url,
        AUTH_MODE: 'open',
        LOG_LEVEL: 'warn',
        META_APP_SECRET: APP_SECRET,
        META_VERIFY_TOKEN: VERIFY_TOKEN,
        META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
        META_GRAPH_URL: graph.url,
        META_GRAPH_VERSION: GRAPH_VERSION,
        GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY,
        // The backoff's first step; an outage of a minute is shown by as many failed tries in seconds.
        LEAD_ADS_RETRY_SECONDS: '0.2',
        // The agent would call: a cadence opens for each real lead (its first call an hour away, so none is placed here).
        AUTO_CALLBACK: 'true',
        AUTO_CALLBACK_DELAY_SECONDS: '3600',
      },
    });

  beforeAll(async () => {
    await graph.start();
    database = await createTestDatabase(provider);
    api = await startLeadAdsApi();
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await graph.stop();
  });

  const postMeta = (body: string, signature?: string) =>
    fetch(`${api.url}/api/webhooks/meta`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Hub-Signature-256': signature } : {}) }, body });
  const deliverMeta = (leadgenIds: string[]) => {
    const body = JSON.stringify(metaLeadgenNotification(leadgenIds.map((leadgenId) => ({ leadgenId }))));
    return postMeta(body, metaSignature(body, APP_SECRET));
  };
  const postGoogle = (body: object) => fetch(`${api.url}/api/webhooks/google-ads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const leadsWithEmail = (email: string) =>
    queryRows<{ id: string; name: string; phone: string; location: string; source: string }>(database, `SELECT id, name, phone, location, source FROM leads WHERE email = '${email}'`);
  const events = (channel: string) =>
    queryRows<{ external_id: string; processed_at: unknown; attempts: number; error: string | null; payload: string }>(
      database,
      `SELECT external_id, processed_at, attempts, error, payload FROM webhook_events WHERE channel = '${channel}' ORDER BY external_id`,
    );
  const refusals = (sourceId: string) =>
    queryRows<{ reason: string; count: number; last_error: string }>(database, `SELECT reason, count, last_error FROM lead_source_refusals WHERE source_id = '${sourceId}' ORDER BY reason`);
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    for (let tries = 0; tries < 300; tries += 1) {
      const value = await read();
      if (done(value)) return value;
      await sleep(100);
    }
    throw new Error(`Timed out waiting for ${what}`);
  }

  it('answers Meta’s verification handshake with the challenge as text, and a wrong token with 403', async () => {
    const good = await fetch(`${api.url}/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await good.text()).toBe('1158201444');
    const wrong = await fetch(`${api.url}/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=not-it&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('1158201444');
  });

  it('refuses a delivery with a wrong signature (403) or none (401), storing nothing and counting both against facebook ads', async () => {
    graph.addLead(metaLead('1200000000000100', 'forged@meta.example.in'));
    const body = JSON.stringify(metaLeadgenNotification([{ leadgenId: '1200000000000100' }]));
    expect((await postMeta(body, metaSignature(body, 'another-secret'))).status).toBe(403);
    expect((await postMeta(body, metaSignature(`${body} `, APP_SECRET))).status).toBe(403);
    expect((await postMeta(body)).status).toBe(401);
    await sleep(500);
    expect(await events('meta')).toEqual([]);
    expect(await leadsWithEmail('forged@meta.example.in')).toEqual([]);
    expect(graph.served('1200000000000100')).toBe(0);
    expect(await refusals('source-facebook-ads')).toEqual([{ reason: 'bad_signature', count: 3, last_error: 'Missing or malformed X-Hub-Signature-256 header' }]);
  });

  it('stores a signed delivery, answers 200 at once, then reads the lead from the Graph API with the page token and makes it', async () => {
    graph.addLead(metaLead('1200000000000001', 'aarav@meta.example.in'));
    const response = await deliverMeta(['1200000000000001']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, stored: true });

    const [lead] = await until(() => leadsWithEmail('aarav@meta.example.in'), (rows) => rows.length > 0, 'the Meta lead');
    expect(lead).toMatchObject({ name: 'Lead 1200000000000001', phone: '+919800000001', location: 'Pune', source: 'instagram ads' });
    const [request] = graph.requests.filter(({ path }) => path === `/${GRAPH_VERSION}/1200000000000001`);
    expect(request).toMatchObject({ token: PAGE_TOKEN, fields: 'field_data,created_time,campaign_id,form_id,ad_id,platform,is_organic', status: 200 });
    const [arrived] = await queryRows<{ data: string }>(database, `SELECT data FROM lead_activities WHERE lead_id = '${lead.id}' AND type = 'arrived'`);
    expect(JSON.parse(arrived.data).details).toMatchObject({ 'Meta lead id': '1200000000000001', 'What is your budget?': '50 Lakh - 1 Cr', Campaign: '2300000000000001', Form: '900000000000001', Ad: '2300000000000009' });
    const [arrival] = await queryRows<{ arrived_at: unknown }>(database, `SELECT arrived_at FROM lead_response_times WHERE lead_id = '${lead.id}'`);
    expect(timeOf(arrival.arrived_at)).toBe('2026-11-20T04:45:30.000Z');
    expect(await until(() => events('meta'), (rows) => rows.every(({ processed_at }) => processed_at !== null), 'the delivery processed')).toEqual([
      expect.objectContaining({ external_id: '1200000000000001', attempts: 1, error: null }),
    ]);
  });

  it('makes no second lead when Meta delivers the same leadgen id again a day later', async () => {
    const [first] = await queryRows<{ received_at: unknown }>(database, `SELECT received_at FROM webhook_events WHERE external_id = '1200000000000001'`);
    const dayBefore = new Date(Date.parse(timeOf(first.received_at)) - 86_400_000);
    // As each database keeps a time: SQLite as Prisma writes it (ISO text), PostgreSQL as a UTC timestamp.
    const stored = provider === 'sqlite' ? dayBefore.toISOString().replace('Z', '+00:00') : dayBefore.toISOString().replace('T', ' ').replace('Z', '');
    await executeScript(database, `UPDATE webhook_events SET received_at = '${stored}' WHERE external_id = '1200000000000001'`);
    const [moved] = await queryRows<{ received_at: unknown }>(database, `SELECT received_at FROM webhook_events WHERE external_id = '1200000000000001'`);
    expect(timeOf(moved.received_at)).toBe(dayBefore.toISOString());
    const response = await deliverMeta(['1200000000000001']);
    expect(response.status).toBe(200);
    await sleep(1_000);
    expect(await leadsWithEmail('aarav@meta.example.in')).toHaveLength(1);
    expect((await events('meta')).filter(({ external_id }) => external_id === '1200000000000001')).toHaveLength(1);
    expect(graph.served('1200000000000001')).toBe(1);
  });

  it('keeps trying through a Graph outage, across a restart of the API, and makes the lead once the Graph answers again', async () => {
    graph.addLead(metaLead('1200000000000002', 'priya@meta.example.in', { platform: 'fb' }));
    graph.behaviour = 'outage';
    expect((await deliverMeta(['1200000000000002'])).status).toBe(200);
    await until(() => events('meta'), (rows) => rows.some(({ external_id, attempts }) => external_id === '1200000000000002' && attempts >= 3), 'three failed tries');
    const failed = (await events('meta')).find(({ external_id }) => external_id === '1200000000000002')!;
    expect(failed).toMatchObject({ processed_at: null, error: expect.stringContaining('Graph API answered 500') });
    expect(await leadsWithEmail('priya@meta.example.in')).toEqual([]);
    expect(await refusals('source-facebook-ads')).toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'graph_failure', last_error: expect.stringContaining('Graph API answered 500') })]));
    // The failed delivery shows in the inbox, by channel and Meta's id.
    const inbox = (await (await fetch(`${api.url}/api/webhooks/events?status=failed`)).json()) as { events: { channel: string; externalId: string; type: string }[] };
    expect(inbox.events).toEqual([expect.objectContaining({ channel: 'meta', externalId: '1200000000000002', type: 'leadgen' })]);

    await api.stop();
    api = await startLeadAdsApi();
    graph.behaviour = 'success';
    const [lead] = await until(() => leadsWithEmail('priya@meta.example.in'), (rows) => rows.length > 0, 'the lead after the outage');
    expect(lead.source).toBe('facebook ads');
    await sleep(1_000);
    expect(await leadsWithEmail('priya@meta.example.in')).toHaveLength(1);
    expect(graph.served('1200000000000002')).toBe(1);
    expect((await events('meta')).find(({ external_id }) => external_id === '1200000000000002')).toMatchObject({ error: null, processed_at: expect.anything() });
  });

  it('refuses a Google lead whose google_key is wrong (403) or missing (401), storing nothing and counting both against google ads', async () => {
    expect((await postGoogle(googleLead('google-forged-1', 'forged@google.example.in', { google_key: 'not-the-key' }))).status).toBe(403);
    expect((await postGoogle(googleLead('google-forged-1', 'forged@google.example.in', { google_key: undefined }))).status).toBe(401);
    expect(await events('google_ads')).toEqual([]);
    expect(await leadsWithEmail('forged@google.example.in')).toEqual([]);
    expect(await refusals('source-google-ads')).toEqual([{ reason: 'bad_key', count: 2, last_error: 'google_key is missing' }]);
  });

  it('makes a Google lead once per lead_id however often delivered, stores it without its key, and opens the agent’s cadence', async () => {
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const response = await postGoogle(googleLead('google-lead-1', 'meera@google.example.in'));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, stored: true, processed: true });
    }
    const leads = await leadsWithEmail('meera@google.example.in');
    expect(leads).toEqual([expect.objectContaining({ name: 'Google google-lead-1', location: 'Mumbai', source: 'google ads' })]);
    const stored = await events('google_ads');
    expect(stored).toEqual([expect.objectContaining({ external_id: 'google-lead-1', attempts: 1, error: null })]);
    expect(stored[0].payload).not.toContain(GOOGLE_KEY);
    expect(await queryRows(database, `SELECT id FROM callback_cadences WHERE lead_id = '${leads[0].id}'`)).toHaveLength(1);
  });

  it('stores an is_test lead as a test lead that never gets a cadence', async () => {
    const response = await postGoogle(googleLead('google-test-1', 'test@google.example.in', { is_test: true }));
    expect(response.status).toBe(200);
    const [lead] = await leadsWithEmail('test@google.example.in');
    expect(lead.source).toBe('google ads');
    const [arrived] = await queryRows<{ data: string }>(database, `SELECT data FROM lead_activities WHERE lead_id = '${lead.id}' AND type = 'arrived'`);
    expect(JSON.parse(arrived.data)).toMatchObject({ source: 'google ads', test: true });
    expect(await queryRows(database, `SELECT id FROM callback_cadences WHERE lead_id = '${lead.id}'`)).toEqual([]);
  });
});
