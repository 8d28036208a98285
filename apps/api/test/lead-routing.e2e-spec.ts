import type { ServerProcess } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { queryRows } from './support/database-rows';
import { ApiProcesses } from './support/api-processes';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const AGENT_PASSWORD = 'an agent password of length';
/** Requests in flight at once in the fairness test. */
const WAVE = 60;

describe.each(PROVIDERS)('round-robin routing on %s', (provider) => {
  let testApp: TestApp;
  const agents: Record<'asha' | 'ravi' | 'meera', string> = { asha: '', ravi: '', meera: '' };

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    // Created in this order, so their ids (UUIDv7) sort in it too: ties of turns go to Asha, then Ravi.
    for (const name of ['asha', 'ravi', 'meera'] as const) {
      const created = await testApp.http.post('/api/staff').send({ email: `${name}@example.in`, name, role: 'agent', password: AGENT_PASSWORD }).expect(201);
      agents[name] = created.body.id;
    }
    await testApp.http.post('/api/staff').send({ email: 'boss@example.in', name: 'boss', role: 'admin', password: AGENT_PASSWORD }).expect(201);
    await testApp.http.patch(`/api/staff/${agents.meera}`).send({ available: false }).expect(200);
  });
  afterAll(() => testApp.close());

  const ownerOf = async (where: { name?: string; phone?: string }) => {
    const lead = await testApp.app.get(Database).client.lead.findFirstOrThrow({ where });
    return Object.entries(agents).find(([, id]) => id === lead.ownerId)?.[0] ?? lead.ownerId;
  };
  const setMode = (mode: 'round-robin' | 'off') => testApp.http.put('/api/settings/assignment').send({ mode }).expect(200);

  it('leaves new leads unassigned while routing is off', async () => {
    await testApp.http.post('/api/leads').send({ name: 'Before Routing' }).expect(201);
    expect(await ownerOf({ name: 'Before Routing' })).toBeNull();
  });

  it('gives form, import and webhook leads to the available agents in turn, never to an admin or an unavailable agent', async () => {
    await setMode('round-robin');
    await testApp.http.post('/api/leads').send({ name: 'Form One' }).expect(201);
    await testApp.http.post('/api/leads').send({ name: 'Form Two' }).expect(201);
    await testApp.http
      .post('/api/leads/import')
      .set('Content-Type', 'text/csv')
      .send('name,phone\nImport One,+919800000001\nImport Two,+919800000002\nImport Three,+919800000003\n')
      .expect(200);
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'routing-1', number: '+919800000004', structuredData: { name: 'Caller One' } })).expect(200);
    const owners = [];
    for (const name of ['Form One', 'Form Two', 'Import One', 'Import Two', 'Import Three', 'Caller One']) owners.push(await ownerOf({ name }));
    expect(owners).toEqual(['asha', 'ravi', 'asha', 'ravi', 'asha', 'ravi']);
  });

  it('writes the assignment to the timeline, by round-robin, with the creation', async () => {
    const client = testApp.app.get(Database).client;
    for (const [name, agent] of [['Form One', 'asha'], ['Import Two', 'ravi'], ['Caller One', 'ravi']] as const) {
      const { id } = await client.lead.findFirstOrThrow({ where: { name: { startsWith: name } } });
      const timeline = (await testApp.http.get(`/api/leads/${id}/activity`).expect(200)).body as { type: string; actor: unknown; data: unknown }[];
      expect(timeline.filter(({ type }) => type === 'assigned')).toEqual([
        expect.objectContaining({ type: 'assigned', actor: null, data: { from: null, to: { id: agents[agent], name: agent }, by: 'round-robin' } }),
      ]);
    }
    const { id: unrouted } = await client.lead.findFirstOrThrow({ where: { name: 'Before Routing' } });
    const timeline = (await testApp.http.get(`/api/leads/${unrouted}/activity`).expect(200)).body as { type: string }[];
    expect(timeline.map(({ type }) => type)).toEqual(['created']);
  });

  it('routes only new leads: an import or a call that updates a known lead keeps its owner', async () => {
    await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send('name,phone\nImport One Renamed,+919800000001\n').expect(200);
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'routing-2', number: '+919800000004', structuredData: { name: 'Caller One Again' } })).expect(200);
    expect(await ownerOf({ phone: '+919800000001' })).toBe('asha');
    expect(await ownerOf({ phone: '+919800000004' })).toBe('ravi');
    // The turn was not spent: the next new lead goes to Asha.
    await testApp.http.post('/api/leads').send({ name: 'Form Three' }).expect(201);
    expect(await ownerOf({ name: 'Form Three' })).toBe('asha');
  });

  it('includes an agent again once available, and leaves leads unassigned when nobody is', async () => {
    await testApp.http.patch(`/api/staff/${agents.meera}`).send({ available: true }).expect(200);
    for (const name of ['Back One', 'Back Two', 'Back Three']) await testApp.http.post('/api/leads').send({ name }).expect(201);
    const owners = [];
    for (const name of ['Back One', 'Back Two', 'Back Three']) owners.push(await ownerOf({ name }));
    // Meera's turn is the oldest: she is first, then the rotation goes on.
    expect(owners).toEqual(['meera', 'ravi', 'asha']);
    for (const id of Object.values(agents)) await testApp.http.patch(`/api/staff/${id}`).send({ available: false }).expect(200);
    await testApp.http.post('/api/leads').send({ name: 'Nobody Available' }).expect(201);
    expect(await ownerOf({ name: 'Nobody Available' })).toBeNull();
    await setMode('off');
  });
});

describe('round-robin fairness: 300 leads at once through two API processes on PostgreSQL', () => {
  const processes = new ApiProcesses();
  const { apis } = processes;

  beforeAll(() => processes.start(2, { AUTH_MODE: 'open', LOG_LEVEL: 'warn' }), 120_000);
  afterAll(() => processes.stop());

  const send = async (api: ServerProcess, method: string, path: string, body: string, contentType = 'application/json') => {
    const response = await fetch(`${api.url}${path}`, { method, headers: { 'Content-Type': contentType }, body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('gives each of 3 available agents exactly 100 and the unavailable one none', async () => {
    const [first, second] = apis;
    const ids: string[] = [];
    for (const name of ['agent-a', 'agent-b', 'agent-c', 'agent-away']) {
      const created = await send(first, 'POST', '/api/staff', JSON.stringify({ email: `${name}@example.in`, name, role: 'agent', password: AGENT_PASSWORD }));
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    expect((await send(second, 'PATCH', `/api/staff/${ids[3]}`, JSON.stringify({ available: false }))).status).toBe(200);
    expect((await send(second, 'PUT', '/api/settings/assignment', JSON.stringify({ mode: 'round-robin' }))).status).toBe(200);

    // 100 forms, 100 calls and 100 import rows (20 files of 5), alternating between the two processes, in
    // waves of 60 at once: a wave's writers all wait on the routing lock together, while the machine
    // (two cores shared with the other test files) serves them before Prisma's 15 s wait for a connection.
    const requests = Array.from({ length: 100 }, (_, i) => {
      const api = i % 2 === 0 ? first : second;
      const form = () => send(api, 'POST', '/api/leads', JSON.stringify({ name: `Form ${i}` }));
      const call = () =>
        send(api, 'POST', '/api/webhooks/vapi', JSON.stringify(endOfCallReport({ callId: `fair-${i}`, number: `+9197${String(i).padStart(8, '0')}`, structuredData: { name: `Caller ${i}` } })));
      const rows = Array.from({ length: 5 }, (_, row) => `Imported ${i}-${row},imported.${i}.${row}@example.in`);
      const file = () => send(api, 'POST', '/api/leads/import', ['name,email', ...rows].join('\n'), 'text/csv');
      return [form, call, ...(i < 20 ? [file] : [])];
    }).flat();
    const answers = [];
    for (let start = 0; start < requests.length; start += WAVE) answers.push(...(await Promise.all(requests.slice(start, start + WAVE).map((request) => request()))));
    expect(answers.filter(({ status }) => status >= 300)).toEqual([]);
    expect(answers.filter(({ body }) => 'created' in body).reduce((sum, { body }) => sum + (body.created as number), 0)).toBe(100);

    const perOwner = await queryRows<{ owner_id: string | null; leads: string }>(processes.database, 'SELECT owner_id, COUNT(*)::text AS leads FROM leads GROUP BY owner_id');
    expect(Object.fromEntries(perOwner.map((row) => [row.owner_id, Number(row.leads)]))).toEqual({ [ids[0]]: 100, [ids[1]]: 100, [ids[2]]: 100 });
    // Every lead took the next turn after the one before it, so the three last turns are the last three of 300: a strict rotation.
    const turns = await queryRows<{ routing_turn: number }>(processes.database, `SELECT routing_turn FROM staff_users WHERE available ORDER BY routing_turn`);
    expect(turns.map(({ routing_turn }) => routing_turn)).toEqual([298, 299, 300]);
  }, 120_000);
});
