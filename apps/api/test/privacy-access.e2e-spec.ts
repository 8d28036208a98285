import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { signIn, signedInAgent, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { binaryBody } from './support/binary-body';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const PHONE = '+919860000301';
const structuredData = { name: 'Priya Nair', email: 'priya.nair@example.in', location: 'Kochi', qualified: true };

describe.each(PROVIDERS)('POST /api/privacy/access on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Neha Agent');
  });
  afterAll(() => testApp.close());

  const post = (body: object, session = admin) => session.agent.post('/api/privacy/access').set('X-CSRF-Token', session.csrf).send(body);

  it("answers a ZIP of everything held about the person (every lead with that email), as JSON and CSV, and logs the download", async () => {
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-access-1', number: PHONE, structuredData })).expect(200);
    const client = testApp.app.get(Database).client;
    const lead = await client.lead.findFirstOrThrow({ where: { phone: PHONE } });
    await admin.agent.post(`/api/leads/${lead.id}/notes`).set('X-CSRF-Token', admin.csrf).send({ body: 'Wants a sea view' }).expect(201);
    await admin.agent
      .post('/api/tasks')
      .set('X-CSRF-Token', admin.csrf)
      .send({ leadId: lead.id, type: 'site_visit', dueAt: '2026-12-05T11:00:00+05:30', propertyId: 1, notes: 'Bring the brochure' })
      .expect(201);
    // The same email on a second lead with another number (staff added it over Add Lead's warning): the same person.
    const second = await admin.agent
      .post('/api/leads')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: 'Priya N.', email: 'Priya.Nair@example.in', phone: '+919860000302', allowDuplicate: true })
      .expect(201);
    await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Someone Else', email: 'else@example.in' }).expect(201);

    const response = await post({ email: 'PRIYA.NAIR@example.in ' }).buffer(true).parse(binaryBody).expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="personal-data.zip"');
    const files = unzipSync(new Uint8Array(response.body as Buffer));
    expect(Object.keys(files).sort()).toEqual(['activity.csv', 'calls.csv', 'leads.csv', 'notes.csv', 'person.json', 'tasks.csv', 'whatsapp-messages.csv']);

    const person = JSON.parse(strFromU8(files['person.json']));
    expect(person.leads.map((each: { _id: string }) => each._id)).toEqual([lead.id, second.body._id]);
    expect(person.calls).toEqual([
      expect.objectContaining({ vapiCallId: 'call-access-1', transcript: expect.stringContaining('3 BHK in Pune'), structuredData: expect.objectContaining({ name: 'Priya Nair' }) }),
    ]);
    expect(person.notes).toEqual([expect.objectContaining({ leadId: lead.id, body: 'Wants a sea view', author: { id: admin.id, name: expect.any(String) } })]);
    expect(person.tasks).toEqual([
      expect.objectContaining({ leadId: lead.id, type: 'site_visit', dueAt: '2026-12-05T05:30:00.000Z', property: { id: 1, name: 'Skyline Residency 2BHK' }, notes: 'Bring the brochure' }),
    ]);
    expect(person.activity.map((entry: { type: string }) => entry.type)).toEqual(expect.arrayContaining(['created', 'call', 'note_added', 'task']));
    expect(JSON.stringify(person)).not.toContain('Someone Else');

    const csv = (name: string) => parse(strFromU8(files[name]), { columns: true }) as Record<string, string>[];
    // Cells are written as leads.csv writes them: a leading + is quoted so spreadsheets do not run it.
    expect(csv('leads.csv').map((row) => [row._id, row.email, row.phone])).toEqual([
      [lead.id, 'priya.nair@example.in', `'${PHONE}`],
      [second.body._id, 'priya.nair@example.in', "'+919860000302"],
    ]);
    expect(csv('calls.csv')).toEqual([expect.objectContaining({ vapiCallId: 'call-access-1', transcript: person.calls[0].transcript })]);
    expect(csv('notes.csv')).toEqual([expect.objectContaining({ body: 'Wants a sea view' })]);
    expect(csv('tasks.csv')).toEqual([expect.objectContaining({ type: 'site_visit', property: 'Skyline Residency 2BHK', notes: 'Bring the brochure' })]);
    expect(csv('activity.csv')).toHaveLength(person.activity.length);

    const [logged] = (await admin.agent.get('/api/audit?action=access_archive_downloaded').expect(200)).body;
    expect(logged).toMatchObject({ actor: { id: admin.id }, targetIds: [lead.id, second.body._id], details: { leads: 2, calls: 1 } });
    expect(JSON.stringify(logged)).not.toMatch(/priya/i);
  });

  it('finds a person by phone as people write it, answers 404 for nobody and 403 for an agent', async () => {
    const files = unzipSync(new Uint8Array((await post({ phone: '098600 00301' }).buffer(true).parse(binaryBody).expect(200)).body as Buffer));
    expect(JSON.parse(strFromU8(files['person.json'])).leads).toHaveLength(1);
    const none = await post({ phone: '+919860000399' }).expect(404);
    expect(none.body).toMatchObject({ statusCode: 404, message: 'Nobody with that phone number or email is stored.' });
    await post({ email: 'priya.nair@example.in' }, agent).expect(403);
    const neither = await post({}).expect(400);
    expect(neither.body.errors).toEqual([{ field: 'phone', message: 'send either phone or email' }]);
  });
});
