import { parse } from 'csv-parse/sync';
import type { ImportPreview } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

const SEED_COLUMNS = ['_id', 'name', 'email', 'location', 'qualified', 'createdAt', 'source', 'phone', 'interestedIn', 'budget', 'timeline', 'loan_needed'];
const TEAM_COLUMNS = ['stage', 'owner', 'tags', 'lostReason', 'consent', 'doNotCall', 'lastActivityAt'];

/**
 * leads.csv carries where each lead stands with the team (stage, owner, tags, lost reason,
 * consent, Do Not Call, last activity) beside the seed's columns, starts with a UTF-8
 * byte-order mark, and imports back into Lead Desk changing nothing: not a field, not a
 * consent, not Do Not Call.
 */
describe.each(PROVIDERS)('leads.csv with the team’s columns, exported and imported back, on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  const lead = { aarav: '', priya: '', rahul: '' };

  const send = <T extends { set(name: string, value: string): T }>(session: StaffSession, request: T) => request.set('X-CSRF-Token', session.csrf);
  const created = async (body: Record<string, unknown>) => (await send(admin, admin.agent.post('/api/leads')).send(body).expect(201)).body._id as string;
  const edit = (id: string, changes: Record<string, unknown>) => send(admin, admin.agent.patch(`/api/leads/${id}`)).send(changes).expect(200);
  const consent = async (id: string) => (await send(admin, admin.agent.post(`/api/leads/${id}/consents`)).send({ wording: 'हाँ, कॉल कर सकते हैं' }).expect(201)).body.id as string;
  const withdraw = (id: string, consentId: string) => send(admin, admin.agent.post(`/api/leads/${id}/consents/${consentId}/withdraw`)).send({}).expect(200);

  /** The export's bytes, as a browser saves them. */
  const exportBytes = async (session: StaffSession): Promise<Buffer> =>
    (
      await session.agent
        .get('/api/leads/export.csv')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;
  const rowsOf = (csv: Buffer) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    const siteVisit = (await send(admin, admin.agent.post('/api/stages')).send({ name: '=Site visit, "booked"', kind: 'open' }).expect(201)).body.id as string;

    lead.aarav = await created({
      name: 'आरव शर्मा', email: 'aarav@example.in', phone: '+919876500001', location: '=Pune', interestedIn: '+2 BHK', timeline: '-soon', source: '@campaign',
      budget: '45 लाख', qualified: true, loan_needed: true,
    });
    await edit(lead.aarav, { stageId: siteVisit, ownerId: ravi.id });
    await send(admin, admin.agent.put(`/api/leads/${lead.aarav}/tags`)).send({ tags: ['=VIP', 'Pune, West', 'हिंदी ग्राहक', '"Hot" lead'] }).expect(200);
    // Two consents, one of them withdrawn: a consent still stands.
    await consent(lead.aarav);
    await withdraw(lead.aarav, await consent(lead.aarav));

    lead.priya = await created({ name: 'प्रिया अय्यर', email: 'priya@example.in', phone: '098765 00002', location: 'मुंबई', budget: 12_000_000, loan_needed: false });
    await edit(lead.priya, { stageId: 'stage-lost', lostReason: '-Budget too low, for now', ownerId: meera.id });
    await edit(lead.priya, { doNotCall: true, doNotCallReason: 'Asked on the phone' });
    await send(admin, admin.agent.put(`/api/leads/${lead.priya}/tags`)).send({ tags: ['@NRI'] }).expect(200);
    // Every consent withdrawn.
    await withdraw(lead.priya, await consent(lead.priya));

    // Unassigned, in the entry stage, no tags, no consent ever.
    lead.rahul = await created({ name: 'Rahul "RJ" Verma', phone: '+919876500003', interestedIn: '-Plot', timeline: '@once' });
  }, 60_000);
  afterAll(() => testApp.close());

  it('starts with the UTF-8 byte-order mark, then the seed’s twelve columns in their order, then the team’s', async () => {
    const csv = await exportBytes(admin);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3, csv.indexOf('\r\n')).toString('utf8')).toBe([...SEED_COLUMNS, ...TEAM_COLUMNS].join(','));
  });

  it('writes the stage by name, the owner by email, tags as the import splits them, consent and Do Not Call as the import reads them, the last activity in UTC', async () => {
    const byId = new Map(rowsOf(await exportBytes(admin)).map((row) => [row._id, row]));
    const newestActivity = async (id: string) => (await admin.agent.get(`/api/leads/${id}/activity`).expect(200)).body[0].at as string;
    expect(byId.get(lead.aarav)).toMatchObject({
      name: 'आरव शर्मा',
      phone: "'+919876500001",
      location: "'=Pune",
      stage: `'=Site visit, "booked"`,
      owner: 'ravi.kumar@example.in',
      tags: `'=VIP, "Pune, West", हिंदी ग्राहक, """Hot"" lead"`,
      lostReason: '',
      consent: 'true',
      doNotCall: 'false',
      lastActivityAt: await newestActivity(lead.aarav),
    });
    expect(byId.get(lead.priya)).toMatchObject({
      phone: "'+919876500002",
      stage: 'Lost',
      owner: 'meera.iyer@example.in',
      tags: "'@NRI",
      lostReason: "'-Budget too low, for now",
      consent: 'false',
      doNotCall: 'true',
      lastActivityAt: await newestActivity(lead.priya),
    });
    expect(byId.get(lead.rahul)).toMatchObject({ stage: 'New', owner: '', tags: '', lostReason: '', consent: '', doNotCall: 'false', lastActivityAt: await newestActivity(lead.rahul) });
    expect(byId.get(lead.aarav)!.lastActivityAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // No cell, old or new, starts as a formula would.
    for (const row of byId.values()) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it.each(['fill', 'overwrite'])('imports back changing nothing (onMatch %s): the preview’s dry run and the import update every lead, and no field, stage, owner, tag, consent or Do Not Call moves', async (onMatch) => {
    const prisma = testApp.app.get(Database).client;
    const leads = async () => (await prisma.lead.findMany({ orderBy: { id: 'asc' } })).map(({ updatedAt, version, ...row }) => row);
    const leadsJson = async () => ((await admin.agent.get('/api/leads').expect(200)).body as Record<string, unknown>[]).map(({ updatedAt, version, ...row }) => row);
    const consents = () => prisma.leadConsent.findMany({ orderBy: { id: 'asc' } });
    const tagRows = () => prisma.leadTag.findMany({ orderBy: [{ leadId: 'asc' }, { key: 'asc' }] });
    const activityIds = async () => new Set((await prisma.leadActivity.findMany({ select: { id: true } })).map(({ id }) => id));
    const before = { leads: await leads(), json: await leadsJson(), consents: await consents(), tags: await tagRows(), dnd: await prisma.dndNumber.findMany() };
    const activitiesBefore = await activityIds();
    const csv = await exportBytes(admin);
    const everyLead = { created: 0, updated: 3, possibleDuplicates: 0, skipped: 0, errors: [] };

    const preview = await send(admin, admin.agent.post('/api/leads/import/preview')).query({ onMatch }).attach('file', csv, 'leads.csv').expect(200);
    expect(preview.body.outcome).toEqual(everyLead);
    // Each lead is touched, none of its fields changed.
    const matches = (preview.body as ImportPreview).matches.map(({ lead: { id }, changes }) => [id, changes]);
    expect(matches.sort()).toEqual([lead.aarav, lead.priya, lead.rahul].sort().map((id) => [id, []]));
    // Every column goes where its header says; the last activity time is the server's.
    expect(preview.body.columns.map(({ header, mapped }: { header: string; mapped: string }) => [header, mapped])).toEqual([
      ...[...SEED_COLUMNS, ...TEAM_COLUMNS.slice(0, -1)].map((header) => [header, header]),
      ['lastActivityAt', 'ignore'],
    ]);
    const summary = await send(admin, admin.agent.post('/api/leads/import')).query({ onMatch }).attach('file', csv, 'leads.csv').expect(200);
    expect(summary.body).toEqual(everyLead);

    expect(await leads()).toEqual(before.leads);
    expect(await leadsJson()).toEqual(before.json);
    expect(await consents()).toEqual(before.consents);
    expect(await tagRows()).toEqual(before.tags);
    expect(await prisma.dndNumber.findMany()).toEqual(before.dnd);
    // What the import added to the timelines: one `imported` entry per lead, no consent, Do Not Call, stage, owner or tag entry.
    const added = (await prisma.leadActivity.findMany({ orderBy: { leadId: 'asc' } })).filter(({ id }) => !activitiesBefore.has(id));
    expect(added.map(({ leadId, type }) => [leadId, type])).toEqual([lead.aarav, lead.priya, lead.rahul].sort().map((id) => [id, 'imported']));
  });

  it('refuses an agent’s export, as before (exports are admins’): no lead of theirs or a colleague’s leaves in it', async () => {
    for (const agent of [ravi, meera]) {
      const refused = await agent.agent.get('/api/leads/export.csv').expect(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.text).not.toMatch(/आरव|प्रिया|Rahul|example\.in/);
    }
  });
});
