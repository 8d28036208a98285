import { IMPORT_PREVIEW_MATCHES, type ImportPreview, type ImportSummary, type LeadActivity } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { identityKeyColumns } from '../src/leads/identity/identity-key-columns';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

jest.setTimeout(120_000);

/**
 * A row that is the same person as a stored lead fills what the lead lacks and keeps what
 * differs, unless the import chose onMatch=overwrite; the preview names the lead each row
 * would touch with every field it changes or keeps, and the rows flagged as possible
 * duplicates instead, counted apart.
 */
describe.each(PROVIDERS)('an import meeting stored leads on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    await signedInAgent(testApp, admin, 'Meera Iyer');
  });
  afterAll(() => testApp?.close());

  const send = <T extends { set(name: string, value: string): T }>(request: T) => request.set('X-CSRF-Token', admin.csrf);
  const created = async (body: Record<string, unknown>) => (await send(admin.agent.post('/api/leads')).send(body).expect(201)).body._id as string;
  const leadOf = async (id: string) => (await admin.agent.get(`/api/leads/${id}`).expect(200)).body;
  const consentsOf = async (id: string) => (await admin.agent.get(`/api/leads/${id}/consents`).expect(200)).body as { withdrawnAt: string | null }[];
  const timeline = async (id: string) => (await admin.agent.get(`/api/leads/${id}/activity`).expect(200)).body as LeadActivity[];
  const preview = async (csv: string, query: Record<string, string> = {}): Promise<ImportPreview> =>
    (await send(admin.agent.post('/api/leads/import/preview')).query(query).set('Content-Type', 'text/csv').send(csv).expect(200)).body;
  const importCsv = async (csv: string, query: Record<string, string> = {}): Promise<ImportSummary> =>
    (await send(admin.agent.post('/api/leads/import')).query(query).set('Content-Type', 'text/csv').send(csv).expect(200)).body;
  const oneUpdate = { created: 0, updated: 1, possibleDuplicates: 0, skipped: 0, errors: [] };

  it('fills what the lead lacks and keeps what differs (stage, owner, email, location, a withdrawn consent); overwrite writes them; Do Not Call is never cleared', async () => {
    const aarav = await created({ name: 'Aarav Sharma', email: 'aarav@example.in', phone: '+919876543210', location: 'Pune' });
    await send(admin.agent.patch(`/api/leads/${aarav}`)).send({ stageId: 'stage-contacted', ownerId: ravi.id, doNotCall: true, doNotCallReason: 'Asked by phone' }).expect(200);
    await send(admin.agent.put(`/api/leads/${aarav}/tags`)).send({ tags: ['VIP'] }).expect(200);
    const consent = (await send(admin.agent.post(`/api/leads/${aarav}/consents`)).send({ wording: 'Yes, call me' }).expect(201)).body.id as string;
    await send(admin.agent.post(`/api/leads/${aarav}/consents/${consent}/withdraw`)).send({}).expect(200);
    const csv = 'name,phone,email,location,budget,stage,owner,tags,consent,doNotCall\nAarav Sharma,098765 43210,aarav.work@example.in,Mumbai,45 Lakh,Negotiation,Meera Iyer,Hot,yes,no\n';
    const entriesBefore = (await timeline(aarav)).length;

    const filling = await preview(csv);
    expect(filling).toMatchObject({ onMatch: 'fill', outcome: oneUpdate, duplicates: [] });
    expect(filling.matches).toEqual([
      {
        line: 2,
        lead: { id: aarav, name: 'Aarav Sharma', createdAtLine: null },
        changes: [
          { field: 'email', from: 'aarav@example.in', to: 'aarav.work@example.in', outcome: 'kept' },
          { field: 'location', from: 'Pune', to: 'Mumbai', outcome: 'kept' },
          { field: 'budget', from: null, to: '45 Lakh', outcome: 'filled' },
          { field: 'stage', from: 'Contacted', to: 'Negotiation', outcome: 'kept' },
          { field: 'owner', from: 'Ravi Kumar', to: 'Meera Iyer', outcome: 'kept' },
          { field: 'tags', from: ['VIP'], to: ['VIP', 'Hot'], outcome: 'filled' },
          { field: 'consent', from: false, to: true, outcome: 'kept' },
        ],
      },
    ]);
    expect(await importCsv(csv)).toEqual(oneUpdate);
    expect(await leadOf(aarav)).toMatchObject({
      name: 'Aarav Sharma',
      email: 'aarav@example.in',
      location: 'Pune',
      budget: '45 Lakh',
      stage: { name: 'Contacted' },
      owner: { name: 'Ravi Kumar' },
      tags: ['VIP', 'Hot'],
      doNotCall: true,
    });
    expect((await consentsOf(aarav)).map(({ withdrawnAt }) => withdrawnAt === null)).toEqual([false]);
    // One entry per field the import changed, in its transaction.
    const filled = (await timeline(aarav)).slice(0, (await timeline(aarav)).length - entriesBefore);
    expect(filled.map(({ type, data }) => [type, data]).sort()).toEqual([
      ['imported', { line: 2, outcome: 'updated' }],
      ['tags_changed', { added: ['Hot'], removed: [] }],
      ['updated', { field: 'budget', from: null, to: '45 Lakh' }],
    ]);

    const overwriting = await preview(csv, { onMatch: 'overwrite' });
    expect(overwriting.matches[0].changes).toEqual([
      { field: 'email', from: 'aarav@example.in', to: 'aarav.work@example.in', outcome: 'overwritten' },
      { field: 'location', from: 'Pune', to: 'Mumbai', outcome: 'overwritten' },
      { field: 'stage', from: 'Contacted', to: 'Negotiation', outcome: 'overwritten' },
      { field: 'owner', from: 'Ravi Kumar', to: 'Meera Iyer', outcome: 'overwritten' },
      { field: 'tags', from: ['VIP', 'Hot'], to: ['Hot'], outcome: 'overwritten' },
      { field: 'consent', from: false, to: true, outcome: 'overwritten' },
    ]);
    const entriesFilled = (await timeline(aarav)).length;
    expect(await importCsv(csv, { onMatch: 'overwrite' })).toEqual(oneUpdate);
    expect(await leadOf(aarav)).toMatchObject({
      email: 'aarav.work@example.in',
      location: 'Mumbai',
      stage: { name: 'Negotiation' },
      owner: { name: 'Meera Iyer' },
      tags: ['Hot'],
      doNotCall: true,
      doNotCallReason: 'Asked by phone',
    });
    expect((await consentsOf(aarav)).map(({ withdrawnAt }) => withdrawnAt === null)).toEqual([true, false]);
    const overwritten = (await timeline(aarav)).slice(0, (await timeline(aarav)).length - entriesFilled);
    expect(overwritten.map(({ type }) => type).sort()).toEqual(['assigned', 'consent_given', 'imported', 'stage_changed', 'tags_changed', 'updated', 'updated']);
    expect(overwritten.filter(({ type }) => type === 'updated').map(({ data }) => data)).toEqual(
      expect.arrayContaining([
        { field: 'email', from: 'aarav@example.in', to: 'aarav.work@example.in' },
        { field: 'location', from: 'Pune', to: 'Mumbai' },
      ]),
    );
  });

  it('withdraws a standing consent and sets Do Not Call whatever onMatch says, and lists both', async () => {
    const isha = await created({ name: 'Isha Rao', phone: '+919876543211' });
    await send(admin.agent.post(`/api/leads/${isha}/consents`)).send({ wording: 'Yes' }).expect(201);
    const csv = 'name,phone,consent,doNotCall\nIsha Rao,+919876543211,no,yes\n';
    expect((await preview(csv)).matches[0].changes).toEqual([
      { field: 'consent', from: true, to: false, outcome: 'overwritten' },
      { field: 'doNotCall', from: false, to: true, outcome: 'overwritten' },
    ]);
    await importCsv(csv);
    expect(await leadOf(isha)).toMatchObject({ doNotCall: true, doNotCallReason: 'Marked in an import' });
    expect((await consentsOf(isha)).map(({ withdrawnAt }) => withdrawnAt === null)).toEqual([false]);
  });

  it("the issue's example: Rahul Verma over Aarav Sharma's number is a possible duplicate in the preview and the import, and Aarav stays as he was", async () => {
    const aarav = await created({ name: 'Aarav Sharma', phone: '+919876543220', email: 'aarav.s@example.in', budget: 9_000_000, source: 'walk-in' });
    const before = await leadOf(aarav);
    const csv = 'name,phone,email,budget,source\nRahul Verma,098765 43220,rahul@example.in,4500000,99acres\n';
    const flagged = { created: 0, updated: 0, possibleDuplicates: 1, skipped: 0, errors: [] };

    const shown = await preview(csv, { onMatch: 'overwrite' });
    expect(shown.outcome).toEqual(flagged);
    expect(shown.matches).toEqual([]);
    expect(shown.duplicates).toEqual([{ line: 2, name: 'Rahul Verma', lead: { id: aarav, name: 'Aarav Sharma', createdAtLine: null }, reason: 'same_phone' }]);
    expect(await importCsv(csv, { onMatch: 'overwrite' })).toEqual(flagged);
    expect(await leadOf(aarav)).toEqual(before);
    const pairs = (await admin.agent.get('/api/leads/duplicates').query({ leadId: aarav }).expect(200)).body as { reason: string; lead: { name: string } }[];
    expect(pairs.map(({ reason, lead }) => [reason, lead.name])).toEqual([['same_phone', 'Rahul Verma']]);
  });

  it('names a lead an earlier row of the file creates by that row’s line', async () => {
    const csv = 'name,phone,location\nZoya Khan,+919876543230,Goa\nZoya Khan,+919876543230,Delhi\nZoya Khan,+919876543230,\n';
    const shown = await preview(csv);
    expect(shown.outcome).toEqual({ created: 1, updated: 2, possibleDuplicates: 0, skipped: 0, errors: [] });
    expect(shown.matches).toEqual([
      { line: 3, lead: { id: null, name: 'Zoya Khan', createdAtLine: 2 }, changes: [{ field: 'location', from: 'Goa', to: 'Delhi', outcome: 'kept' }] },
      { line: 4, lead: { id: null, name: 'Zoya Khan', createdAtLine: 2 }, changes: [] },
    ]);
  });

  it(`lists the first ${IMPORT_PREVIEW_MATCHES} matches and flagged rows of a big file, in its order, with exact counts of all`, async () => {
    const prisma = testApp.app.get(Database).client;
    const phone = (i: number) => `+9190000${String(i).padStart(5, '0')}`;
    await prisma.lead.createMany({
      data: Array.from({ length: 70 }, (_, i) => {
        const columns = { name: `Stored Person ${i}`, email: null };
        return { id: `big-${String(i).padStart(3, '0')}`, ...columns, ...identityKeyColumns(columns), phone: phone(i) };
      }),
    });
    const lines = [
      ...Array.from({ length: 70 }, (_, i) => `Stored Person ${i},${phone(i)},Pune`),
      ...Array.from({ length: 60 }, (_, i) => `Someone Else ${String.fromCharCode(65 + (i % 26))}${i},${phone(i)},Pune`),
      'Quite New,+919111111111,Pune',
    ];
    const csv = ['name,phone,location', ...lines].join('\n');
    const counts = { created: 1, updated: 70, possibleDuplicates: 60, skipped: 0, errors: [] };

    const shown = await preview(csv);
    expect(shown.outcome).toEqual(counts);
    expect(shown.matches.map(({ line, lead }) => [line, lead.id])).toEqual(Array.from({ length: IMPORT_PREVIEW_MATCHES }, (_, i) => [i + 2, `big-${String(i).padStart(3, '0')}`]));
    expect(shown.matches[0].changes).toEqual([{ field: 'location', from: null, to: 'Pune', outcome: 'filled' }]);
    expect(shown.duplicates.map(({ line, lead }) => [line, lead.name])).toEqual(Array.from({ length: IMPORT_PREVIEW_MATCHES }, (_, i) => [i + 72, `Stored Person ${i}`]));
    expect(await importCsv(csv)).toEqual(counts);
  });

  it('refuses an onMatch it does not know, naming the field, on the import, its preview and its job', async () => {
    const csv = 'name,email\nNobody New,nobody@example.in\n';
    for (const path of ['/api/leads/import', '/api/leads/import/preview', '/api/leads/import/jobs']) {
      const refused = await send(admin.agent.post(path)).query({ onMatch: 'replace' }).set('Content-Type', 'text/csv').send(csv).expect(400);
      expect(refused.body.errors).toEqual([{ field: 'onMatch', message: 'must be fill or overwrite' }]);
    }
  });
});
