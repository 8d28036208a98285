import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { Database } from '../src/database/database';
import { INBOUND_LEAD_MAX_BYTES } from '../src/common/request-body/request-body.decorators';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { sendUnfinishedBody } from './support/unfinished-body';

jest.setTimeout(120_000);

const MB = 1024 * 1024;
const unauthorized = (message: string) => ({ statusCode: 401, error: 'Unauthorized', message });

describe.each(PROVIDERS)('POST /api/inbound/leads with a lead source’s API key, on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let url: string;

  const post = (body: unknown, key?: string) => {
    const request = testApp.http.post('/api/inbound/leads').set('Content-Type', 'application/json');
    return (key === undefined ? request : request.set('Authorization', `Bearer ${key}`)).send(JSON.stringify(body));
  };
  const makeSource = async (name: string, extra: Record<string, unknown> = {}) =>
    (await admin.agent.post('/api/lead-sources').set('X-CSRF-Token', admin.csrf).send({ name, ...extra }).expect(201)).body as { id: string; name: string };
  const makeKey = async (sourceId: string) => (await admin.agent.post(`/api/lead-sources/${sourceId}/keys`).set('X-CSRF-Token', admin.csrf).send({ label: 'portal push' }).expect(201)).body as { id: string; key: string; prefix: string };
  const sourceListed = async (id: string) => ((await admin.agent.get('/api/lead-sources?archived=true').expect(200)).body as { id: string }[]).find((source) => source.id === id) as Record<string, unknown>;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, WEBHOOK_REFUSALS_PER_MINUTE: '1000' });
    admin = await signIn(testApp, TEST_ADMIN);
    url = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => testApp?.close());

  it('makes the lead with the source’s name from the import’s field names, and answers a repeat of its externalId with the same lead (200, not 201)', async () => {
    const source = await makeSource('99acres', { autoCall: true });
    const { key, prefix } = await makeKey(source.id);
    expect(key).toMatch(/^ldk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    // The portal's own creation time, an hour ago, written with India's offset.
    const createdOn = DateTime.now().minus({ hours: 1 }).setZone('Asia/Kolkata').toISO()!;
    const lead = { externalId: '99A-1', full_name: 'Aarav Sharma', mobile: '98450 12345', city: 'Pune', budget_inr: '85 Lakh', remarks: 'Site visit Saturday', created_on: createdOn };

    const first = await post(lead, key).expect(201);
    expect(first.body).toEqual({ leadId: expect.any(String), created: true, firstCallAt: expect.any(String), callNote: null, test: false });
    const stored = (await admin.agent.get(`/api/leads/${first.body.leadId}`).expect(200)).body;
    expect(stored).toMatchObject({ name: 'Aarav Sharma', phone: '+919845012345', location: 'Pune', budget: 8_500_000, source: '99acres' });

    const repeat = await post(lead, key).expect(200);
    expect(repeat.body).toEqual(first.body);
    const listed = await admin.agent.get('/api/leads?q=Aarav').expect(200);
    expect(listed.headers['x-total-count']).toBe('1');
    const arrival = await testApp.app.get(Database).client.leadResponseTime.findUniqueOrThrow({ where: { leadId: first.body.leadId } });
    expect(arrival.arrivedAt).toEqual(new Date(createdOn));

    // Another source's delivery of the same externalId is its own.
    const other = await makeSource('MagicBricks');
    const otherKey = await makeKey(other.id);
    const fromOther = await post({ externalId: '99A-1', name: 'Priya Nair', phone: '9876543210' }, otherKey.key).expect(201);
    expect(fromOther.body.leadId).not.toBe(first.body.leadId);

    const keys = (await admin.agent.get(`/api/lead-sources/${source.id}/keys`).expect(200)).body;
    expect(keys).toEqual([{ id: expect.any(String), prefix, label: 'portal push', createdAt: expect.any(String), lastUsedAt: expect.any(String), revokedAt: null }]);
    expect(JSON.stringify(keys)).not.toContain(key);
    expect(await sourceListed(source.id)).toMatchObject({ leadsToday: 1, leadsThisWeek: 1, lastLeadAt: expect.any(String), callsNewLeads: true, lastError: null });
  });

  it('refuses a missing, unknown or revoked key 401 naming the problem, and counts the revoked one against its source', async () => {
    const source = await makeSource('Housing.com');
    const { id: keyId, key } = await makeKey(source.id);
    const lead = { name: 'Rohan Mehta', phone: '022 2345 6789' };
    expect((await post(lead).expect(401)).body).toEqual(unauthorized('Missing API key: send the lead source’s key as Authorization: Bearer <key>.'));
    expect((await post(lead, `${key}x`).expect(401)).body).toEqual(unauthorized('Unknown API key.'));
    await post(lead, key).expect(201);

    await admin.agent.delete(`/api/lead-sources/${source.id}/keys/${keyId}`).set('X-CSRF-Token', admin.csrf).expect(204);
    expect((await post(lead, key).expect(401)).body).toEqual(unauthorized('This API key was revoked.'));
    expect(await sourceListed(source.id)).toMatchObject({ lastError: { reason: 'revoked_key', message: expect.stringContaining('revoked'), at: expect.any(String) } });
    // Several keys per source: a new one works while the old stays revoked.
    const second = await makeKey(source.id);
    await post({ name: 'Kavya Iyer', phone: '9812345678' }, second.key).expect(201);
  });

  it('refuses a bad payload 400 naming the body’s key, and counts it as a rejected payload', async () => {
    const source = await makeSource('Connector');
    const { key } = await makeKey(source.id);
    const answer = await post({ name: 'Meera Das', mobile_no: '12' }, key).expect(400);
    expect(answer.body.errors).toEqual([{ field: 'mobile_no', message: 'is not a valid phone number' }]);
    expect(await sourceListed(source.id)).toMatchObject({ lastError: { reason: 'rejected_payload', message: 'Rejected payload: mobile_no is not a valid phone number' } });
    await testApp.http.post('/api/inbound/leads').set('Content-Type', 'application/json').set('Authorization', `Bearer ${key}`).send('{not json').expect(400);
  });

  it('refuses the keys of a removed source; a built-in source is neither removed, renamed nor keyed, but its switch is set', async () => {
    const source = await makeSource('Old portal');
    const { key } = await makeKey(source.id);
    await admin.agent.delete(`/api/lead-sources/${source.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    expect((await post({ name: 'Late Lead', phone: '9811111111' }, key).expect(401)).body).toEqual(unauthorized('This API key’s lead source was removed.'));
    expect((await admin.agent.get('/api/lead-sources').expect(200)).body.map(({ name }: { name: string }) => name)).not.toContain('Old portal');

    await admin.agent.patch('/api/lead-sources/source-web-form').set('X-CSRF-Token', admin.csrf).send({ name: 'website' }).expect(400);
    await admin.agent.delete('/api/lead-sources/source-web-form').set('X-CSRF-Token', admin.csrf).expect(409);
    await admin.agent.post('/api/lead-sources/source-web-form/keys').set('X-CSRF-Token', admin.csrf).send({}).expect(409);
    const switched = await admin.agent.patch('/api/lead-sources/source-web-form').set('X-CSRF-Token', admin.csrf).send({ autoCall: false, defaultOwnerId: admin.id }).expect(200);
    expect(switched.body).toMatchObject({ name: 'web form', builtIn: true, autoCall: false, callsNewLeads: false, defaultOwner: { id: admin.id } });
    await admin.agent.post('/api/lead-sources').set('X-CSRF-Token', admin.csrf).send({ name: 'WEB FORM' }).expect(409);
  });

  it('sends a test lead through the same path, marked test: stored, never called', async () => {
    const source = await makeSource('Test portal', { autoCall: true });
    const answer = await admin.agent.post(`/api/lead-sources/${source.id}/test-lead`).set('X-CSRF-Token', admin.csrf).expect(201);
    expect(answer.body).toMatchObject({ leadId: expect.any(String), test: true, firstCallAt: null });
    expect((await admin.agent.get(`/api/leads/${answer.body.leadId}`).expect(200)).body).toMatchObject({ source: 'Test portal' });
  });

  it('keeps admin routes for admins: an agent is refused 403, and every change is in the access log', async () => {
    const password = 'an agent password of length';
    await admin.agent.post('/api/staff').set('X-CSRF-Token', admin.csrf).send({ email: 'ravi@example.in', name: 'Ravi', role: 'agent', password }).expect(201);
    const agent = await signIn(testApp, { email: 'ravi@example.in', password });
    await agent.agent.get('/api/lead-sources').expect(403);
    await agent.agent.post('/api/lead-sources').set('X-CSRF-Token', agent.csrf).send({ name: 'Sneaky' }).expect(403);
    await agent.agent.patch('/api/lead-sources/source-web-form').set('X-CSRF-Token', agent.csrf).send({ autoCall: true }).expect(403);
    await agent.agent.post('/api/lead-sources/source-web-form/keys').set('X-CSRF-Token', agent.csrf).send({}).expect(403);
    await agent.agent.put('/api/settings/staff-leads').set('X-CSRF-Token', agent.csrf).send({ autoCall: true }).expect(403);

    await admin.agent.get('/api/settings/staff-leads').expect(200, { autoCall: null });
    await admin.agent.put('/api/settings/staff-leads').set('X-CSRF-Token', admin.csrf).send({ autoCall: true }).expect(200, { autoCall: true });
    await admin.agent.get('/api/settings/staff-leads').expect(200, { autoCall: true });
    const logged = (await admin.agent.get('/api/audit?limit=200').expect(200)).body as { action: string }[];
    const actions = new Set(logged.map(({ action }) => action));
    expect([...actions].filter((action) => action.startsWith('lead_source')).sort()).toEqual(['lead_source_changed', 'lead_source_key_created', 'lead_source_key_revoked']);
  });

  it('is documented in OpenAPI with 99acres, MagicBricks and Housing.com style examples, each with its curl line', async () => {
    const doc = (await testApp.http.get('/api/docs-json').expect(200)).body;
    const examples = doc.paths['/api/inbound/leads'].post.requestBody.content['application/json'].examples as Record<string, { description: string }>;
    expect(Object.keys(examples)).toEqual(['99acres', 'MagicBricks', 'Housing.com']);
    for (const example of Object.values(examples)) expect(example.description).toMatch(/^`curl -X POST .*\/api\/inbound\/leads -H 'Authorization: Bearer /);
  });

  it('checks the key before reading the body: a refusal comes while the body is unfinished, and a keyed body over 64 KiB is 413', async () => {
    const refused: Record<string, string>[] = [{}, { Authorization: 'Bearer ldk_wrong' }];
    for (const headers of refused) {
      const answer = await sendUnfinishedBody(`${url}/api/inbound/leads`, { headers: { 'Content-Type': 'application/json', ...headers }, bytes: 20 * MB, chunked: true });
      expect(answer.status).toBe(401);
    }
    const source = await makeSource('Big bodies');
    const { key } = await makeKey(source.id);
    const tooLarge = await sendUnfinishedBody(`${url}/api/inbound/leads`, { headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` }, bytes: 20 * MB });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).message).toBe(`The request body is larger than the ${INBOUND_LEAD_MAX_BYTES} bytes allowed here.`);
    // Counted once the answer has gone (the guard hears the answer finish): it may land just after.
    let listed = await sourceListed(source.id);
    for (let tries = 0; tries < 100 && listed.lastError === null; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = await sourceListed(source.id);
    }
    expect(listed).toMatchObject({ lastError: { reason: 'rejected_payload' } });
  });
});
