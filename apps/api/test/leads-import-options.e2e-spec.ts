import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { ImportPreview, ImportSummary, Lead } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

jest.setTimeout(180_000);

describe.each(PROVIDERS)('import mapping, dry run, dedupe and preview on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    await signedInAgent(testApp, admin, 'Asha Agent');
  });
  afterAll(() => testApp?.close());

  const post = (path: string) => admin.agent.post(path).set('X-CSRF-Token', admin.csrf);
  const importText = (csv: string, query: Record<string, string> = {}) => post('/api/leads/import').query(query).set('Content-Type', 'text/csv').send(csv);
  const importFile = (csv: string, query: Record<string, string> = {}, mapping?: Record<string, string>) => {
    const request = post('/api/leads/import').query(query).attach('file', Buffer.from(csv), 'leads.csv');
    return mapping ? request.field('mapping', JSON.stringify(mapping)) : request;
  };
  const leadsMatching = async (q: string): Promise<Lead[]> => (await admin.agent.get('/api/leads').query({ q, limit: 200 }).expect(200)).body;
  const create = async (lead: Record<string, unknown>): Promise<Lead> => (await post('/api/leads').send(lead).expect(201)).body;

  /** Everything an import could change: the leads, their tags index and every activity entry. */
  async function databaseState() {
    const client = testApp.app.get(Database).client;
    const [leads, tags, activities] = await Promise.all([
      client.lead.findMany({ orderBy: { id: 'asc' } }),
      client.leadTag.findMany({ orderBy: [{ key: 'asc' }, { leadId: 'asc' }] }),
      client.leadActivity.count(),
    ]);
    return { leads, tags, activities };
  }

  it('dryRun answers what the import will do, writing nothing (leads, tags, activity)', async () => {
    const known = await create({ name: 'Dry Known', email: 'dry.known@example.in', location: 'Pune' });
    const csv = [
      'Full Name,Email,Stage,Tags,Owner',
      'Dry Known Again,DRY.KNOWN@example.in,Contacted,Hot,Asha Agent',
      'Dry New,dry.new@example.in,Negotiation,"VIP, NRI",',
      'Dry New Twice,dry.new@example.in,,,',
      'Dry Bad Stage,dry.bad@example.in,Hot Prospect,,',
    ].join('\n');
    const before = await databaseState();
    const dryRun = await importFile(csv, { dryRun: 'true' }).expect(200);
    const expected: ImportSummary = {
      created: 1,
      updated: 2,
      possibleDuplicates: 0,
      skipped: 1,
      errors: [{ line: 5, field: 'Stage', message: 'is not a stage of the pipeline (New, Contacted, Site Visit Scheduled, Site Visit Done, Negotiation, Booked, Lost)' }],
    };
    expect(dryRun.body).toEqual(expected);
    expect(await databaseState()).toEqual(before);

    expect((await importFile(csv).expect(200)).body).toEqual(expected);
    const [lead] = (await leadsMatching('dry.known')).filter((found) => found._id === known._id);
    // Filled where it lacked an owner and tags; its name and stage kept (onMatch fill, the default).
    expect(lead).toMatchObject({ name: 'Dry Known', stage: { name: 'New' }, tags: ['Hot'], owner: { name: 'Asha Agent' } });
    const activity = (await admin.agent.get(`/api/leads/${known._id}/activity`).expect(200)).body as { type: string; data: Record<string, unknown> }[];
    expect(activity.map((entry) => entry.type).sort()).toEqual(['assigned', 'created', 'imported', 'tags_changed']);
    expect(activity.find((entry) => entry.type === 'assigned')?.data).toMatchObject({ by: 'import', to: { name: 'Asha Agent' } });
  });

  it('a dry run of any file counts exactly what the import then does, batches and duplicates included', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ email: fc.option(fc.nat(3)), phone: fc.option(fc.nat(3)), bad: fc.boolean() }), { minLength: 1, maxLength: 15 }),
        fc.constantFrom('both', 'email', 'phone'),
        async (rows, dedupe) => {
          run += 1;
          const csv = ['name,email,phone,stage', ...rows.map((row, index) => [
            `Prop${run} Person ${index}`,
            row.email === null ? '' : `p${row.email}@prop${run}.example.in`,
            row.phone === null ? '' : `+91990${String(run).padStart(4, '0')}00${row.phone}`,
            row.bad ? 'Nowhere' : '',
          ].join(','))].join('\n');
          const before = await databaseState();
          const planned = (await importText(csv, { dryRun: 'true', dedupe }).expect(200)).body;
          expect(await databaseState()).toEqual(before);
          expect((await importText(csv, { dedupe }).expect(200)).body).toEqual(planned);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a mapping overrides what headers suggest, and ignore leaves a column unread', async () => {
    const csv = ['Name,Mobile,City,Wish,Lead Score', 'Mapped Mira,98100 00001,Nagpur,Wants a 3 BHK,77'].join('\n');
    // Without a mapping, a column nothing identifies is each row's error.
    expect((await importFile(csv, { dryRun: 'true' }).expect(200)).body).toMatchObject({ skipped: 1, errors: [{ line: 2, field: 'Wish', message: 'is not a known column' }, { line: 2, field: 'Lead Score' }] });
    const mapping = { Mobile: 'ignore', City: 'source', Wish: 'interestedIn', 'Lead Score': 'ignore' };
    expect((await importFile(csv, {}, mapping).expect(200)).body).toEqual({ created: 1, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
    const [lead] = await leadsMatching('Mapped Mira');
    expect(lead).toMatchObject({ phone: null, location: null, source: 'Nagpur', interestedIn: 'Wants a 3 BHK' });
    // The same mapping as a query parameter, with a text/csv body.
    const again = await importText(csv.replace('Mapped Mira', 'Queried Quinn').replace('98100 00001', '98100 00002'), { mapping: JSON.stringify(mapping) }).expect(200);
    expect(again.body).toEqual({ created: 1, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
  });

  it('refuses a mapping or options it cannot use, naming the field, and writes nothing', async () => {
    const csv = 'name,email\nRefused Ravi,refused@example.in\n';
    const before = await databaseState();
    const stranger = await importFile(csv, {}, { Phone: 'phone' }).expect(400);
    expect(stranger.body.errors).toEqual([{ field: 'mapping', message: '"Phone" is not a column of the file (name, email)' }]);
    const badTarget = await importFile(csv, {}, { email: 'favourite colour' }).expect(400);
    expect(badTarget.body.errors).toEqual([{ field: 'mapping.email', message: expect.stringContaining('lead field') }]);
    const notJson = await importText(csv, { mapping: '{email' }).expect(400);
    expect(notJson.body.errors).toEqual([{ field: 'mapping', message: expect.stringContaining('must be JSON') }]);
    expect((await importText(csv, { dedupe: 'name' }).expect(400)).body.errors).toEqual([{ field: 'dedupe', message: 'must be both, email or phone' }]);
    expect((await importText(csv, { dryRun: 'maybe' }).expect(400)).body.errors).toEqual([{ field: 'dryRun', message: 'must be true or false' }]);
    expect(await databaseState()).toEqual(before);
  });

  it('refuses a ZIP that is not a readable workbook, and a workbook without a header row, writing nothing', async () => {
    const before = await databaseState();
    const notWorkbook = await post('/api/leads/import').attach('file', Buffer.from('PK\u0003\u0004 not really a zip archive'), 'leads.xlsx').expect(400);
    expect(notWorkbook.body.errors).toEqual([{ field: 'file', message: expect.stringContaining('is not an Excel workbook (.xlsx) we can read') }]);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    const empty = await post('/api/leads/import').attach('file', Buffer.from(await workbook.xlsx.writeBuffer()), 'empty.xlsx').expect(400);
    expect(empty.body.errors).toEqual([{ field: 'file', message: 'has no header row: the first row of its first sheet must name the columns' }]);
    expect(await databaseState()).toEqual(before);
  });

  it('dedupe=both matches by email then phone (today\'s rule), email and phone by that alone', async () => {
    const stored = await create({ name: 'Dedupe Devi', email: 'devi@example.in', phone: '+919700000001' });
    const samePhoneOtherEmail = 'name,email,phone\nDedupe Devi,devi.work@example.in,+919700000001\n';
    const sameEmailOtherPhone = 'name,email,phone\nDedupe Devi,devi@example.in,+919700000002\n';
    const counts = async (csv: string, dedupe: string) => {
      const { created, updated } = (await importText(csv, { dryRun: 'true', dedupe }).expect(200)).body as ImportSummary;
      return { created, updated };
    };
    expect(await counts(samePhoneOtherEmail, 'both')).toEqual({ created: 0, updated: 1 });
    expect(await counts(samePhoneOtherEmail, 'phone')).toEqual({ created: 0, updated: 1 });
    expect(await counts(samePhoneOtherEmail, 'email')).toEqual({ created: 1, updated: 0 });
    expect(await counts(sameEmailOtherPhone, 'both')).toEqual({ created: 0, updated: 1 });
    expect(await counts(sameEmailOtherPhone, 'email')).toEqual({ created: 0, updated: 1 });
    expect(await counts(sameEmailOtherPhone, 'phone')).toEqual({ created: 1, updated: 0 });
    // The id of our own export counts in every rule.
    expect(await counts(`_id,name,email\n${stored._id},Dedupe Devi,other@example.in\n`, 'phone')).toEqual({ created: 0, updated: 1 });

    expect((await importText(samePhoneOtherEmail, { dedupe: 'email' }).expect(200)).body).toMatchObject({ created: 1, updated: 0 });
    const devis = await leadsMatching('Dedupe Devi');
    expect(devis.map((lead) => lead.email).sort()).toEqual(['devi.work@example.in', 'devi@example.in']);
  });

  it('reports an unknown stage, an unknown owner, a lost stage without its reason and too many tags by line and column, writing none of those rows', async () => {
    const manyTags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(';');
    const csv = [
      'Lead Name,Email Address,Status,Assigned To,Tags,Lost Reason',
      'Row Good,row.good@example.in,booked,asha.agent@EXAMPLE.in,,',
      'Row Stage,row.stage@example.in,Warm,,,',
      'Row Owner,row.owner@example.in,New,Nobody Here,,',
      'Row Lost,row.lost@example.in,Lost,,,',
      'Row Reason,row.reason@example.in,New,,,Too far',
      `Row Tags,row.tags@example.in,,,"${manyTags}",`,
    ].join('\r\n');
    const response = await importFile(csv).expect(200);
    expect(response.body).toEqual({
      created: 1,
      updated: 0,
      possibleDuplicates: 0,
      skipped: 5,
      errors: [
        { line: 3, field: 'Status', message: expect.stringMatching(/^is not a stage of the pipeline \(New, Contacted, .*Lost\)$/) },
        { line: 4, field: 'Assigned To', message: 'is not a member of staff: write a staff email or name' },
        { line: 5, field: 'Status', message: 'is a lost stage: the row needs a Lost Reason' },
        { line: 6, field: 'Lost Reason', message: 'is only kept for a lead in a lost stage (Stage)' },
        { line: 7, field: 'Tags', message: 'must be at most 20 tags' },
      ],
    });
    expect(await leadsMatching('row.')).toEqual([expect.objectContaining({ name: 'Row Good', stage: expect.objectContaining({ name: 'Booked' }), owner: expect.objectContaining({ name: 'Asha Agent' }) })]);
  });

  it('previews the columns with their suggested mapping, the first 20 rows as read, and the dry run, writing nothing', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `Preview ${i},preview${i}@example.in,${i === 1 ? 'Someday' : 'Contacted'},"Hot; Lakeside",45 Lakh,03/04/2026,x`);
    const csv = ['First Name,E-mail,Stage,Tags,Budget (₹),Created On,Colour', ...rows].join('\n');
    const before = await databaseState();
    const preview = (await post('/api/leads/import/preview').attach('file', Buffer.from(csv), 'leads.csv').expect(200)).body as ImportPreview;
    expect(await databaseState()).toEqual(before);
    expect(preview.file).toEqual({ format: 'csv', encoding: 'utf-8', byteOrderMark: false, delimiter: 'comma' });
    expect(preview.knownExport).toBeNull();
    const byHeader = (header: string, suggested: string) => ({ header, suggested, suggestedFrom: 'header', mapped: suggested });
    expect(preview.columns.map(({ sample, ...column }) => column)).toEqual([
      byHeader('First Name', 'firstName'),
      byHeader('E-mail', 'email'),
      byHeader('Stage', 'stage'),
      byHeader('Tags', 'tags'),
      byHeader('Budget (₹)', 'budgetInRupees'),
      byHeader('Created On', 'createdAt'),
      { header: 'Colour', suggested: 'ignore', suggestedFrom: null, mapped: null },
    ]);
    expect(preview.columns.map((column) => column.sample)).toEqual([
      ['Preview 0', 'Preview 1', 'Preview 2'],
      ['preview0@example.in', 'preview1@example.in', 'preview2@example.in'],
      ['Contacted', 'Someday', 'Contacted'],
      ['Hot; Lakeside', 'Hot; Lakeside', 'Hot; Lakeside'],
      ['45 Lakh', '45 Lakh', '45 Lakh'],
      ['03/04/2026', '03/04/2026', '03/04/2026'],
      ['x', 'x', 'x'],
    ]);
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual({
      line: 2,
      cells: [
        { text: 'Preview 0', value: 'Preview 0' },
        { text: 'preview0@example.in', value: 'preview0@example.in' },
        { text: 'Contacted', value: 'Contacted' },
        { text: 'Hot; Lakeside', value: ['Hot', 'Lakeside'] },
        { text: '45 Lakh', value: 4_500_000 },
        { text: '03/04/2026', value: '2026-04-02T18:30:00.000Z' },
        { text: 'x', value: null, error: 'is not a known column' },
      ],
    });
    expect(preview.rows[1].cells[2]).toEqual({ text: 'Someday', value: null, error: expect.stringContaining('is not a stage of the pipeline') });
    expect(preview.outcome).toMatchObject({ created: 0, skipped: 25 });

    const mapped = await post('/api/leads/import/preview').query({ dedupe: 'email' }).field('mapping', JSON.stringify({ Colour: 'ignore' })).attach('file', Buffer.from(csv), 'leads.csv').expect(200);
    expect(mapped.body.columns.at(-1)).toEqual({ header: 'Colour', suggested: 'ignore', suggestedFrom: null, mapped: 'ignore', sample: ['x', 'x', 'x'] });
    expect(mapped.body.dedupe).toBe('email');
    expect(mapped.body.outcome).toEqual({ created: 24, updated: 0, possibleDuplicates: 0, skipped: 1, errors: [{ line: 3, field: 'Stage', message: expect.stringContaining('is not a stage') }] });
    expect(await databaseState()).toEqual(before);
  });
});
