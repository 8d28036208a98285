import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { ImportMapping, ImportPreview, ImportSummary, Job, Lead, LeadActivity, LeadNote } from '@lead-desk/contracts';
import { jobEnded } from './support/bulk-jobs';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

jest.setTimeout(120_000);

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'import', name));

/** A workbook as a spreadsheet keeps one: numbers as numbers, dates as dates, a formula with its result, shared strings. */
async function spreadsheetWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['Name', 'Phone Number', 'E-mail', 'City', 'Budget (INR)', 'Stage', 'Tags', 'Owner', 'Date']);
  sheet.addRow(['Tara Singh', 9812300001, 'tara@example.in', 'Chandigarh', 4500000, 'Site Visit Done', 'Hot; Investor', 'Ravi Agent', new Date(Date.UTC(2026, 2, 5, 10, 30))]);
  sheet.addRow(['Omar Sheikh', 9812300002, 'omar@example.in', 'Lucknow', { formula: '80*100000', result: 8000000 }, 'Negotiation', 'NRI', 'asha.agent@example.in', new Date(Date.UTC(2025, 11, 31))]);
  sheet.getColumn(9).numFmt = 'dd/mm/yyyy hh:mm';
  // A second sheet of notes, as workbooks often carry: only the first sheet is read.
  workbook.addWorksheet('Notes').addRow(['not a lead']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Each fixture: the file, the mapping a person would choose in the preview, and what it must leave. */
const FIXTURES: { name: string; file: () => Promise<Buffer> | Buffer; mapping?: ImportMapping; summary: ImportSummary; leads: Record<string, Partial<Record<keyof Lead | 'stage' | 'owner', unknown>>> }[] = [
  {
    name: 'a Follow Up Boss export (comma, LF, capitalised headers, tags in one quoted cell)',
    file: () => fixture('follow-up-boss.csv'),
    summary: { created: 4, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'Aarav Shah': { email: 'aarav.shah@example.in', phone: '+919876543210', stage: 'Contacted', tags: ['Hot', 'Investor'], source: 'Zillow' },
      'Meera Nair': { phone: '+919820011223', stage: 'Site Visit Scheduled', tags: ['NRI', 'Hot'], source: 'Facebook Ads' },
      'Vikram Rao': { email: null, stage: 'Negotiation', tags: [], source: 'Referral' },
      'Neha Gupta': { stage: 'New', tags: ['Cold'], source: 'Website' },
    },
  },
  {
    name: 'a Sell.Do-style export (UTF-8 BOM, CRLF, Indian amounts, owners by name and email, dd/mm/yyyy)',
    file: () => fixture('sell-do.csv'),
    summary: { created: 3, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'Rahul Verma': { phone: '+919845012345', budget: 4_500_000, location: 'Whitefield', interestedIn: '3 BHK', owner: 'Asha Agent', createdAt: '2026-03-04T18:30:00.000Z' },
      'Sunita Iyer': { budget: 12_000_000, location: 'Koramangala', interestedIn: 'Villa', owner: 'Ravi Agent', createdAt: '2026-02-28T09:00:00.000Z' },
      'Farhan Ali': { budget: 8_500_000, location: 'HSR Layout', createdAt: '2025-12-30T18:30:00.000Z' },
    },
  },
  {
    name: 'a LeadSquared export from a semicolon locale (BOM, semicolons, CRLF, Status, a column mapped to ignore)',
    file: () => fixture('leadsquared-semicolons.csv'),
    mapping: { 'Lead Score': 'ignore' },
    summary: { created: 3, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'Karan Mehta': { budget: 12_000_000, location: 'Pune', interestedIn: 'Penthouse', stage: 'Booked', tags: ['VIP', 'Repeat'], owner: 'Asha Agent', createdAt: '2026-03-31T18:30:00.000Z' },
      'Divya Pillai': { budget: 6_000_000, stage: 'Contacted', tags: [], createdAt: '2026-01-15T03:45:00.000Z' },
      'Ishaan Bose': { stage: 'Lost', lostReason: 'Bought elsewhere', interestedIn: 'Plot' },
    },
  },
  {
    name: "Meta's Lead Ads export (UTF-16 LE with a BOM, tabs, p: phones, answer slugs, fb and ig), without a mapping",
    file: () => fixture('meta-lead-ads.csv'),
    summary: { created: 12, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'Rohan Kulkarni': {
        phone: '+919740012301',
        email: 'rohan.kulkarni@example.in',
        location: 'Bengaluru',
        source: 'facebook ads',
        createdAt: '2026-11-20T04:45:30.000Z',
        budget: '50 Lakh - 1 Cr',
        tags: ['Whitefield Launch Nov 2026', 'Site Visit Form - Whitefield'],
      },
      'Ananya Iyer': { phone: '+919740012302', source: 'instagram ads', createdAt: '2026-11-20T05:32:07.000Z', budget: '1 Cr - 2 Cr', tags: ['Whitefield Launch Nov 2026', 'Site Visit Form - Whitefield'] },
      'Mohammed Irfan': { location: 'Hosur', source: 'facebook ads', budget: 'Under 50 Lakh' },
      'प्रिया शर्मा': { phone: '+919740012304', email: 'priya.sharma@example.in', source: 'instagram ads' },
      // The campaign's name is longer than a tag may be: the note keeps it.
      'Siddharth Rao': { source: 'facebook ads', budget: '2 Cr +', tags: ['Site Visit Form - Whitefield'] },
      // An organic lead: no ad, no campaign.
      'Nikhil Joshi': { location: 'Pune', source: 'facebook ads', createdAt: '2026-11-21T11:18:27.000Z', tags: ['Site Visit Form - Whitefield'] },
      'Meenakshi Sundaram': { phone: '+919740012312', location: 'Chennai', source: 'instagram ads', createdAt: '2026-11-23T02:25:02.000Z' },
    },
  },
  {
    name: 'a CSV saved by Excel on Windows (Windows-1252: José, Zoë, en dashes; CRLF, no BOM)',
    file: () => fixture('excel-windows-1252.csv'),
    summary: { created: 3, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'José Fernandes': { phone: '+919632001101', email: 'jose.fernandes@example.in', location: 'Panaji', interestedIn: '2 BHK – sea view', budget: '85 Lakh' },
      "Zoë D'Souza": { phone: '+919632001102', location: 'Mangaluru', interestedIn: 'Villa', budget: '1.5 Cr' },
      'Ravi Shankar': { email: null, location: 'Mysuru', budget: '60–70 Lakh' },
    },
  },
  {
    name: 'a CSV with Mobile Phone and Contact headers (the phone by synonym; Contact and Expected Price by their values), its Lead Score ignored',
    file: () => fixture('mobile-phone-contact.csv'),
    mapping: { 'Lead Score': 'ignore' },
    summary: { created: 4, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'Deepak Hegde': { phone: '+919535001201', email: 'deepak.hegde@example.in', location: 'Indiranagar', budget: 12_000_000 },
      'Lakshmi Narayanan': { phone: '+919535001202', email: 'lakshmi.n@example.in', budget: 8_500_000 },
      'Arjun Reddy': { phone: '+919535001203', budget: 5_000_000 },
      'Fatima Sheikh': { phone: '+919535001204', email: null, location: 'Yelahanka', budget: 6_000_000 },
    },
  },
  {
    name: 'an Excel workbook (.xlsx: numbers, dates, a formula, a second sheet)',
    file: spreadsheetWorkbook,
    summary: { created: 2, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
    leads: {
      'Tara Singh': { phone: '+919812300001', budget: 4_500_000, stage: 'Site Visit Done', tags: ['Hot', 'Investor'], owner: 'Ravi Agent', createdAt: '2026-03-05T05:00:00.000Z' },
      'Omar Sheikh': { budget: 8_000_000, stage: 'Negotiation', tags: ['NRI'], owner: 'Asha Agent', createdAt: '2025-12-30T18:30:00.000Z' },
    },
  },
];

describe.each(PROVIDERS)('import of other tools\' exports on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    await signedInAgent(testApp, admin, 'Asha Agent');
    await signedInAgent(testApp, admin, 'Ravi Agent');
    await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode: 'round-robin' }).expect(200);
  });
  afterAll(() => testApp?.close());

  const post = (path: string) => admin.agent.post(path).set('X-CSRF-Token', admin.csrf);
  const allLeads = async (): Promise<Lead[]> => (await admin.agent.get('/api/leads?limit=200').expect(200)).body;

  it.each(FIXTURES)('maps and imports $name, and its export imports back unchanged', async ({ file, mapping, summary, leads: expected }) => {
    const content = await file();
    const request = post('/api/leads/import').attach('file', content, 'upload');
    if (mapping) request.field('mapping', JSON.stringify(mapping));
    expect((await request.expect(200)).body).toEqual(summary);

    const byName = new Map((await allLeads()).map((lead) => [lead.name, lead]));
    for (const [name, fields] of Object.entries(expected)) {
      const lead = byName.get(name);
      expect(lead).toBeDefined();
      const { stage, owner, ...own } = fields;
      expect(lead).toMatchObject(own);
      if (stage !== undefined) expect(lead!.stage.name).toBe(stage);
      if (owner !== undefined) expect(lead!.owner?.name).toBe(owner);
    }
    // Unowned rows are routed by round-robin; owned ones keep the file's owner (checked above).
    for (const name of Object.keys(expected)) expect(byName.get(name)!.owner).not.toBeNull();

    const before = await allLeads();
    const exported = (await admin.agent.get('/api/leads/export.csv').buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    }).expect(200)).body as string;
    const again = await post('/api/leads/import').attach('file', Buffer.from(exported), 'leads.csv').expect(200);
    expect(again.body).toEqual({ created: 0, updated: before.length, possibleDuplicates: 0, skipped: 0, errors: [] });
    // updatedAt and version count writes; what the leads are (stage, owner and tags included) stays the same.
    const stable = (list: Lead[]) => list.map(({ updatedAt, version, ...lead }) => lead);
    expect(stable(await allLeads())).toEqual(stable(before));
  });
});

/** The notes a Meta export's first leads get: Meta's lead id, the campaign and form, the questions that are not a lead field, in the file's order. */
const META_NOTES: Record<string, string> = {
  'Rohan Kulkarni': ['Meta lead id: 1893405521187640', 'Campaign: Whitefield Launch Nov 2026', 'Form: Site Visit Form - Whitefield', 'When do you plan to buy?: Within 3 Months'].join('\n'),
  'Siddharth Rao': ['Meta lead id: 1893405521187644', 'Campaign: Sarjapur Road Villas - Diwali 2026 - Lookalike 3%', 'Form: Site Visit Form - Whitefield', 'When do you plan to buy?: 3 - 6 Months'].join('\n'),
  'Nikhil Joshi': ['Meta lead id: 1893405521187646', 'Form: Site Visit Form - Whitefield', 'When do you plan to buy?: Just Exploring'].join('\n'),
};

describe.each(PROVIDERS)('the files a team has, previewed and imported on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
  });
  afterAll(() => testApp?.close());

  const post = (path: string) => admin.agent.post(path).set('X-CSRF-Token', admin.csrf);
  const preview = async (name: string, mapping?: ImportMapping): Promise<ImportPreview> => {
    const request = post('/api/leads/import/preview').attach('file', fixture(name), name);
    if (mapping) request.field('mapping', JSON.stringify(mapping));
    return (await request.expect(200)).body;
  };
  const leadNamed = async (name: string): Promise<Lead> => {
    const [lead] = ((await admin.agent.get('/api/leads').query({ q: name }).expect(200)).body as Lead[]).filter((found) => found.name === name);
    expect(lead).toBeDefined();
    return lead;
  };
  const notesOf = async (name: string): Promise<LeadNote[]> => (await admin.agent.get(`/api/leads/${(await leadNamed(name))._id}/notes`).expect(200)).body;
  const activityOf = async (name: string): Promise<LeadActivity[]> => (await admin.agent.get(`/api/leads/${(await leadNamed(name))._id}/activity`).expect(200)).body;
  const leadCount = async () => Number((await admin.agent.get('/api/leads').expect(200)).headers['x-total-count']);
  /** The columns the preview would not import, each with its first values. */
  const notImported = (read: ImportPreview) => read.columns.filter((column) => column.mapped === null || column.mapped === 'ignore').map(({ header, sample }) => [header, sample]);

  it("previews Meta's export as UTF-16 LE, tab-separated, recognised, its ad ids and is_organic named as not imported", async () => {
    const read = await preview('meta-lead-ads.csv');
    expect(read.file).toEqual({ format: 'csv', encoding: 'utf-16le', byteOrderMark: true, delimiter: 'tab' });
    expect(read.knownExport).toBe('meta-lead-ads');
    expect(read.columns.every((column) => column.suggestedFrom === 'export' && column.mapped === column.suggested)).toBe(true);
    expect(notImported(read)).toEqual([
      ['ad_id', ['ag:120214563200510', 'ag:120214563200510', 'ag:120214563200510']],
      ['ad_name', ['Whitefield 3BHK Walkthrough', 'Whitefield 3BHK Walkthrough', 'Whitefield 3BHK Walkthrough']],
      ['adset_id', ['as:120214563200620', 'as:120214563200620', 'as:120214563200620']],
      ['adset_name', ['Bengaluru IT 28-45', 'Bengaluru IT 28-45', 'Bengaluru IT 28-45']],
      ['campaign_id', ['c:120214563200730', 'c:120214563200730', 'c:120214563200730']],
      ['form_id', ['f:1187436620915534', 'f:1187436620915534', 'f:1187436620915534']],
      ['is_organic', ['0', '0', '0']],
    ]);
    const cell = (header: string) => read.rows[0].cells[read.columns.findIndex((column) => column.header === header)];
    expect(cell('phone_number')).toEqual({ text: 'p:+919740012301', value: '+919740012301' });
    expect(cell('platform')).toEqual({ text: 'fb', value: 'facebook ads' });
    expect(cell('what_is_your_budget?')).toEqual({ text: '50_lakh_-_1_cr', value: '50 Lakh - 1 Cr' });
    expect(cell('when_do_you_plan_to_buy?')).toEqual({ text: 'within_3_months', value: 'Within 3 Months' });
    expect(cell('created_time')).toEqual({ text: '2026-11-20T10:15:30+05:30', value: '2026-11-20T04:45:30.000Z' });
    expect(read.outcome).toEqual({ created: 12, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
  });

  it("keeps each Meta lead's questions, lead id, campaign and form as a note by the importer (note_added), once however often the file is imported", async () => {
    expect((await post('/api/leads/import').attach('file', fixture('meta-lead-ads.csv'), 'meta-lead-ads.csv').expect(200)).body).toEqual({ created: 12, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
    for (const [name, body] of Object.entries(META_NOTES)) {
      const notes = await notesOf(name);
      expect(notes).toEqual([expect.objectContaining({ body, author: { id: admin.id, name: 'Administrator' } })]);
      expect((await activityOf(name)).filter((entry) => entry.type === 'note_added')).toEqual([expect.objectContaining({ data: { noteId: notes[0].id }, actor: { id: admin.id, name: 'Administrator' } })]);
    }
    const before = await leadNamed('Rohan Kulkarni');

    // The same file again, as a job (the dashboard's way): the leads are the same people; no note twice, no tag twice.
    const started = await post('/api/leads/import/jobs').attach('file', fixture('meta-lead-ads.csv'), 'meta-lead-ads.csv').expect(202);
    const job: Job = await jobEnded(async (id) => (await admin.agent.get(`/api/jobs/${id}`).expect(200)).body, started.body.id);
    expect(job).toMatchObject({ status: 'succeeded', created: 0, skipped: 0 });
    for (const [name, body] of Object.entries(META_NOTES)) expect((await notesOf(name)).map((note) => note.body)).toEqual([body]);
    expect((await leadNamed('Rohan Kulkarni')).tags).toEqual(before.tags);
    expect(await leadCount()).toBe(12);
  });

  it('previews a CSV from Excel on Windows as Windows-1252, its characters read right and every column imported', async () => {
    const read = await preview('excel-windows-1252.csv');
    expect(read.file).toEqual({ format: 'csv', encoding: 'windows-1252', byteOrderMark: false, delimiter: 'comma' });
    expect(read.knownExport).toBeNull();
    expect(notImported(read)).toEqual([]);
    expect(read.rows.map((row) => row.cells[0].text)).toEqual(['José Fernandes', "Zoë D'Souza", 'Ravi Shankar']);
    expect(read.rows[0].cells[6]).toEqual({ text: 'Call after 6 pm – prefers WhatsApp', value: 'Call after 6 pm – prefers WhatsApp' });
    expect(read.columns.find((column) => column.header === 'Remarks')).toMatchObject({ suggested: 'note', suggestedFrom: 'header', mapped: 'note' });
    await post('/api/leads/import').attach('file', fixture('excel-windows-1252.csv'), 'excel.csv').expect(200);
    expect((await notesOf('José Fernandes')).map((note) => note.body)).toEqual(['Remarks: Call after 6 pm – prefers WhatsApp']);
    expect(await notesOf('Ravi Shankar')).toEqual([]);
  });

  it('reads Mobile Phone by its header and Contact and Expected Price by their values, and names Lead Score, which nothing identifies: each row reports it until it is mapped', async () => {
    const read = await preview('mobile-phone-contact.csv');
    expect(read.file).toEqual({ format: 'csv', encoding: 'utf-8', byteOrderMark: false, delimiter: 'comma' });
    expect(read.columns.map(({ header, suggested, suggestedFrom, mapped }) => [header, suggested, suggestedFrom, mapped])).toEqual([
      ['Customer Name', 'name', 'header', 'name'],
      ['Mobile Phone', 'phone', 'header', 'phone'],
      ['Contact', 'email', 'values', 'email'],
      ['Alternate Number', 'note', 'header', 'note'],
      ['Locality', 'location', 'header', 'location'],
      ['Expected Price', 'budgetInRupees', 'values', 'budgetInRupees'],
      ['Lead Score', 'ignore', null, null],
    ]);
    expect(notImported(read)).toEqual([['Lead Score', ['82', '64', '71']]]);

    // Without a mapping an API import never drops the column silently: every row names it, nothing is written.
    const before = await leadCount();
    const refused = await post('/api/leads/import').attach('file', fixture('mobile-phone-contact.csv'), 'contacts.csv').expect(200);
    expect(refused.body).toEqual({ created: 0, updated: 0, possibleDuplicates: 0, skipped: 4, errors: [2, 3, 4, 5].map((line) => ({ line, field: 'Lead Score', message: 'is not a known column' })) });
    expect(await leadCount()).toBe(before);

    const mapped = await post('/api/leads/import').field('mapping', JSON.stringify({ 'Lead Score': 'ignore' })).attach('file', fixture('mobile-phone-contact.csv'), 'contacts.csv').expect(200);
    expect(mapped.body).toEqual({ created: 4, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
    expect(await leadNamed('Deepak Hegde')).toMatchObject({ phone: '+919535001201', email: 'deepak.hegde@example.in', budget: 12_000_000 });
    expect((await notesOf('Deepak Hegde')).map((note) => note.body)).toEqual(['Alternate Number: 080 4123 4501']);
    expect(await notesOf('Lakshmi Narayanan')).toEqual([]);
  });

  it('refuses a file whose first row is data with a 400 naming that, through the import, its preview and its job alike, writing nothing', async () => {
    const before = await leadCount();
    const problem = 'has no header row: its first row is data ("9535001301" is a phone number), not the names of the columns';
    for (const path of ['/api/leads/import', '/api/leads/import/preview', '/api/leads/import/jobs']) {
      const response = await post(path).attach('file', fixture('headerless.csv'), 'headerless.csv').expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: `Invalid file: ${problem}`, errors: [{ field: 'file', message: problem }] });
    }
    expect(await leadCount()).toBe(before);
  });
});
