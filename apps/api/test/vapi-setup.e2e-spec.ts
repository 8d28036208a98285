import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FakeVapiServer, vapiHmacHeaders } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { WHATSAPP_OPT_IN_QUESTION } from '../src/voice/setup/whatsapp-opt-in-question';
import { structuredOutputsReport } from './fixtures/vapi-messages';
import { startTestApp } from './support/test-app';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://leads.example.in';
const PRIVATE_KEY = 'private-key-for-setup';
// The reviewed prompt with the WhatsApp question in the words its opt-ins keep.
const PROMPT = readFileSync(join(__dirname, '../src/voice/setup/assistant-prompt.md'), 'utf8').trim().replace('%WHATSAPP_OPT_IN_QUESTION%', WHATSAPP_OPT_IN_QUESTION);
const LEAD_FIELDS = ['name', 'email', 'phone', 'location', 'interestedIn', 'budget', 'timeline', 'loan_needed', 'qualified', 'consentToContact', 'doNotCall', 'whatsappOptIn'];

/** `pnpm vapi:setup` as a developer runs it, against the fake: its output and exit code. */
async function setup(fake: FakeVapiServer, args: string[] = [], env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', join(__dirname, '../src/voice/cli/setup-vapi.ts'), ...args], {
      cwd: join(__dirname, '..'),
      // INIT_CWD: where a developer's .env would be read from; a folder without one.
      env: { PATH: process.env.PATH, INIT_CWD: tmpdir(), VAPI_API_URL: fake.url, VAPI_PRIVATE_KEY: PRIVATE_KEY, PUBLIC_URL, ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

const writes = (fake: FakeVapiServer) => fake.requests.filter(({ method }) => method !== 'GET').map(({ method, path }) => `${method} ${path}`);

describe('pnpm vapi:setup', () => {
  const fake = new FakeVapiServer();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('creates the structured output, the HMAC credential, the tools and the assistant, and prints the values to set', async () => {
    const { code, output } = await setup(fake);
    expect(code).toBe(0);
    expect(writes(fake)).toEqual(['POST /structured-output', 'POST /credential', 'POST /tool', 'POST /tool', 'POST /tool', 'POST /assistant']);
    expect(fake.requests.every(({ authorization }) => authorization === `Bearer ${PRIVATE_KEY}`)).toBe(true);

    const [output_] = fake.resources.all('structured-output');
    const schema = output_.schema as { type: string; properties: Record<string, { type: string; description: string }> };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(LEAD_FIELDS);
    for (const field of LEAD_FIELDS) expect(schema.properties[field].description.length).toBeGreaterThan(20);
    expect(schema.properties.budget.description).toMatch(/Lakh.*Crore/);
    // The output names the very question the prompt has the agent ask.
    expect(schema.properties.whatsappOptIn).toMatchObject({ type: 'boolean', description: expect.stringContaining(WHATSAPP_OPT_IN_QUESTION) });
    expect(PROMPT).toContain(`ask, in exactly these words, and wait for the answer: "${WHATSAPP_OPT_IN_QUESTION}"`);

    const [credential] = fake.resources.all('credential');
    const plan = credential.authenticationPlan as { type: string; secretKey: string; algorithm: string };
    expect(credential).toMatchObject({ provider: 'custom-credential', name: 'Lead Desk webhook' });
    expect(plan).toMatchObject({ type: 'hmac', algorithm: 'sha256', signatureHeader: 'x-signature', timestampHeader: 'x-timestamp', includeTimestamp: true, signatureEncoding: 'hex' });
    expect(plan.secretKey).toMatch(/^[0-9a-f]{64}$/);

    const webhook = { url: `${PUBLIC_URL}/api/webhooks/vapi`, credentialId: credential.id };
    const [search, book, transfer] = fake.resources.all('tool');
    expect(search).toMatchObject({ type: 'function', function: { name: 'search_properties' }, server: webhook });
    expect((search.function as { parameters: unknown }).parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: expect.stringContaining('city') },
        locality: { type: 'string', description: expect.stringContaining('area') },
        type: { type: 'string', enum: ['apartment', 'villa', 'plot', 'commercial'], description: expect.any(String) },
        budget: { type: 'string', description: expect.stringContaining('80 Lakh') },
        bedrooms: { type: 'integer', description: expect.any(String) },
      },
    });
    expect(book).toMatchObject({
      type: 'function',
      function: { name: 'book_site_visit', parameters: { type: 'object', properties: { propertyId: { type: 'integer' }, preferredTime: { type: 'string' } }, required: ['propertyId', 'preferredTime'] } },
      server: webhook,
    });
    // No fixed destination: Vapi asks the webhook (transfer-destination-request).
    expect(transfer).toMatchObject({ type: 'transferCall', destinations: [] });

    const [assistant] = fake.resources.all('assistant');
    expect(assistant).toMatchObject({
      name: 'Lead Desk sales agent',
      firstMessage: expect.stringContaining('AI assistant'),
      model: { provider: 'openai', messages: [{ role: 'system', content: PROMPT }], toolIds: [search.id, book.id, transfer.id] },
      artifactPlan: { structuredOutputIds: [output_.id] },
      server: webhook,
      serverMessages: ['end-of-call-report', 'status-update', 'tool-calls', 'transfer-destination-request', 'session.updated'],
    });
    expect(output).toContain(`VAPI_ASSISTANT_ID=${assistant.id}`);
    expect(output).toContain(`VAPI_WEBHOOK_HMAC_SECRET=${plan.secretKey}`);
  });

  it('gives the API a secret that verifies what Vapi signs with that credential, and an output the API reads the lead from', async () => {
    const secret = /VAPI_WEBHOOK_HMAC_SECRET=(\w+)/.exec((await setup(fake, ['--dry-run'])).output)?.[1];
    // A second run does not print the secret again: it comes from the credential itself.
    expect(secret).toBeUndefined();
    const [credential] = fake.resources.all('credential');
    const plan = credential.authenticationPlan as { secretKey: string };
    const testApp = await startTestApp('sqlite', { VAPI_WEBHOOK_HMAC_SECRET: plan.secretKey });
    try {
      const [leadOutput] = fake.resources.all('structured-output');
      const report = structuredOutputsReport('call-after-setup', '+919870000001', { name: 'Setup Sunita', budget: '75 Lakh', qualified: true });
      // Keyed by the id Vapi gave the output, as Vapi reports it.
      report.message.artifact.structuredOutputs = { [leadOutput.id]: { name: leadOutput.name, result: { name: 'Setup Sunita', budget: '75 Lakh', qualified: true } } };
      const body = JSON.stringify(report);
      await testApp.http.post('/api/webhooks/vapi').set({ 'Content-Type': 'application/json', ...vapiHmacHeaders(body, plan) }).send(body).expect(200);
      expect(await testApp.app.get(Database).client.lead.findFirst({ where: { phone: '+919870000001' } })).toMatchObject({ name: 'Setup Sunita', budgetText: '75 Lakh', qualified: true });
    } finally {
      await testApp.close();
    }
  });

  it('sends no change on a second run', async () => {
    const { code, output } = await setup(fake);
    expect(code).toBe(0);
    expect(writes(fake)).toEqual([]);
    expect(fake.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /structured-output', 'GET /credential', 'GET /assistant', 'GET /tool']);
    expect(output).toContain('Vapi is set up already: nothing changed.');
    expect(output).toContain('# VAPI_WEBHOOK_HMAC_SECRET: unchanged');
  });

  it('updates only what was changed since, and only the fields that differ', async () => {
    const [assistant] = fake.resources.all('assistant');
    fake.resources.edit('assistant', assistant.id, { firstMessage: 'Hello from the dashboard', maxDurationSeconds: 600 });
    await setup(fake);
    expect(writes(fake)).toEqual([`PATCH /assistant/${assistant.id}`]);
    expect(fake.requests.at(-1)!.body).toEqual({ firstMessage: expect.stringContaining('AI assistant') });
    // A setting of the team's own is left alone.
    expect(fake.resources.all('assistant')[0]).toMatchObject({ maxDurationSeconds: 600 });
  });

  it('updates a tool changed in the dashboard, and finds the transfer tool the assistant uses whatever its message became', async () => {
    const [search, , transfer] = fake.resources.all('tool');
    fake.resources.edit('tool', search.id, { function: { ...(search.function as object), description: 'Edited in the dashboard' } });
    fake.resources.edit('tool', transfer.id, { messages: [{ type: 'request-start', content: 'Hold on.' }], destinations: [{ type: 'number', number: '+918045678900' }] });
    await setup(fake);
    expect(writes(fake)).toEqual([`PATCH /tool/${search.id}`, `PATCH /tool/${transfer.id}`]);
    expect(fake.requests.find(({ path }) => path === `/tool/${transfer.id}`)!.body).toEqual({
      type: 'transferCall',
      destinations: [],
      messages: [{ type: 'request-start', content: expect.stringContaining('adviser') }],
    });
    expect(fake.resources.all('tool')).toHaveLength(3);
  });

  it('with --inbound, points the inbound number at the webhook with no fixed assistant and the fallback number, once', async () => {
    fake.resources.addPhoneNumber({ id: 'phone-number-1', provider: 'twilio', number: '+918045678900', assistantId: 'an-assistant-of-the-dashboard' });
    expect(await setup(fake, ['--inbound'])).toMatchObject({ code: 1, output: expect.stringContaining('--inbound needs VAPI_PHONE_NUMBER_ID') });
    const env = { VAPI_PHONE_NUMBER_ID: 'phone-number-1', VAPI_FALLBACK_NUMBER: '+918040001234' };
    const { code, output } = await setup(fake, ['--inbound'], env);
    expect(code).toBe(0);
    const [credential] = fake.resources.all('credential');
    expect(writes(fake)).toEqual(['PATCH /phone-number/phone-number-1']);
    expect(fake.requests.at(-1)!.body).toEqual({
      provider: 'twilio',
      server: { url: `${PUBLIC_URL}/api/webhooks/vapi`, credentialId: credential.id },
      fallbackDestination: { type: 'number', number: '+918040001234', message: expect.stringContaining('Connecting you to our office') },
      assistantId: null,
    });
    const [number] = fake.resources.all('phone-number');
    expect(number.assistantId).toBeUndefined();
    expect(output).toContain('Inbound calls to +918045678900 ask the API which assistant answers');
    expect(output).toContain('If the API does not answer, callers are put through to +918040001234.');
    fake.requests.length = 0;
    await setup(fake, ['--inbound'], env);
    expect(writes(fake)).toEqual([]);
  });

  it('gives the credential a new secret with --rotate-secret, and prints it', async () => {
    const { output } = await setup(fake, ['--rotate-secret']);
    const [credential] = fake.resources.all('credential');
    expect(writes(fake)).toEqual([`PATCH /credential/${credential.id}`]);
    expect(output).toContain(`VAPI_WEBHOOK_HMAC_SECRET=${(credential.authenticationPlan as { secretKey: string }).secretKey}`);
  });

  it('refuses to change a credential whose secret it does not know', async () => {
    const { code, output } = await setup(fake, [], { VAPI_WEBHOOK_HMAC_ALGORITHM: 'sha512' });
    expect(code).toBe(1);
    expect(output).toContain('set VAPI_WEBHOOK_HMAC_SECRET to its secret, or run with --rotate-secret');
    expect(writes(fake)).toEqual([]);
  });

  it('needs VAPI_PRIVATE_KEY and an https PUBLIC_URL', async () => {
    expect(await setup(fake, [], { PUBLIC_URL: '' })).toMatchObject({ code: 1, output: expect.stringContaining('Set PUBLIC_URL first') });
    expect(await setup(fake, [], { PUBLIC_URL: 'http://leads.example.in' })).toMatchObject({ code: 1, output: expect.stringContaining('PUBLIC_URL must be an https address') });
    expect(await setup(fake, [], { VAPI_PRIVATE_KEY: '' })).toMatchObject({ code: 1, output: expect.stringContaining('Set VAPI_PRIVATE_KEY first') });
    expect(fake.requests).toEqual([]);
  });
});

describe('pnpm vapi:setup --dry-run', () => {
  const fake = new FakeVapiServer();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  it('prints every object it would create, without the secret, and sends nothing', async () => {
    const { code, output } = await setup(fake, ['--dry-run']);
    expect(code).toBe(0);
    expect(writes(fake)).toEqual([]);
    expect(output).toContain('Would create structured output "Lead Desk lead"');
    expect(output).toContain('Would create credential "Lead Desk webhook"');
    expect(output).toContain('"secretKey": "[secret]"');
    expect(output).toContain('Would create assistant "Lead Desk sales agent"');
    expect(output).toContain('"credentialId": "<id of the new credential>"');
    expect(output).toContain('Would create function tool "book_site_visit"');
    expect(output).toContain('Would create transfer tool');
    expect(output).toContain('"<id of the new function tool \\"search_properties\\">"');
    expect(output).toContain('Dry run: 6 change(s) would be sent; nothing was sent.');
    expect([fake.resources.all('assistant'), fake.resources.all('credential'), fake.resources.all('structured-output'), fake.resources.all('tool')]).toEqual([[], [], [], []]);
  });
});

describe('the fake Vapi', () => {
  const fake = new FakeVapiServer();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  it.each([
    ['/assistant', { name: 'x', serverMessages: ['end-of-call-report'], artifactPlan: { structuredOutputsIds: ['typo'] } }, 'artifactPlan: property structuredOutputsIds should not exist'],
    ['/structured-output', { name: 'x' }, "must have required property 'schema'"],
    ['/credential', { provider: 'custom-credential', authenticationPlan: { type: 'hmac', secretKey: 's', algorithm: 'md5' } }, 'authenticationPlan'],
    ['/tool', { type: 'transferCall', destinations: [{ type: 'number', phoneNumber: '+918045678900' }] }, 'property phoneNumber should not exist'],
    ['/tool', { type: 'function', function: { name: 'book site visit' } }, 'function.name: must match pattern'],
  ])('refuses a POST %s body that does not fit Vapi’s OpenAPI schema', async (path, body, problem) => {
    const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { Authorization: 'Bearer key', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string[] };
    expect(answer.message.join('\n')).toContain(problem);
  });
});
