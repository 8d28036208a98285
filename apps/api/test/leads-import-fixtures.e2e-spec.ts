import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { ImportMapping, ImportSummary, Lead } from '@lead-desk/contracts';
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
    summary: { created: 4, updated: 0, skipped: 0, errors: [] },
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
    summary: { created: 3, updated: 0, skipped: 0, errors: [] },
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
    summary: { created: 3, updated: 0, skipped: 0, errors: [] },
    leads: {
      'Karan Mehta': { budget: 12_000_000, location: 'Pune', interestedIn: 'Penthouse', stage: 'Booked', tags: ['VIP', 'Repeat'], owner: 'Asha Agent', createdAt: '2026-03-31T18:30:00.000Z' },
      'Divya Pillai': { budget: 6_000_000, stage: 'Contacted', tags: [], createdAt: '2026-01-15T03:45:00.000Z' },
      'Ishaan Bose': { stage: 'Lost', lostReason: 'Bought elsewhere', interestedIn: 'Plot' },
    },
  },
  {
    name: 'an Excel workbook (.xlsx: numbers, dates, a formula, a second sheet)',
    file: spreadsheetWorkbook,
    summary: { created: 2, updated: 0, skipped: 0, errors: [] },
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
    expect(again.body).toEqual({ created: 0, updated: before.length, skipped: 0, errors: [] });
    // updatedAt and version count writes; what the leads are (stage, owner and tags included) stays the same.
    const stable = (list: Lead[]) => list.map(({ updatedAt, version, ...lead }) => lead);
    expect(stable(await allLeads())).toEqual(stable(before));
  });
});
