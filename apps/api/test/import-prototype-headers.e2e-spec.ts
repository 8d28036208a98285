import ExcelJS from 'exceljs';
import type { ImportPreview, ImportSummary, Lead } from '@lead-desk/contracts';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** Names every JavaScript object answers to: looked up on a plain object, each finds Object.prototype's. */
const PROTOTYPE_HEADERS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const HEADERS = ['Name', 'Phone', ...PROTOTYPE_HEADERS];

/** Two rows of a file; `phoneBlock` keeps each file's people apart from the other's. */
function rowsOf(kind: string, phoneBlock: number): string[][] {
  return [1, 2].map((n) => [`Proto ${kind} ${n}`, `98450${phoneBlock}000${n}`, ...PROTOTYPE_HEADERS.map((header) => `${header} cell ${n}`)]);
}

const FILES = [
  { kind: 'CSV', fileName: 'leads.csv', phoneBlock: 1, file: async (rows: string[][]) => Buffer.from([HEADERS, ...rows].map((cells) => cells.join(',')).join('\n')) },
  {
    kind: 'xlsx',
    fileName: 'leads.xlsx',
    phoneBlock: 2,
    file: async (rows: string[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Leads');
      for (const cells of [HEADERS, ...rows]) sheet.addRow(cells);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    },
  },
];

/** A mapping as the page sends one, `__proto__` as a key of its own (a literal `{ __proto__: … }` would set the prototype instead). */
const MAPPING = JSON.stringify(Object.fromEntries([['constructor', 'ignore'], ['toString', 'note'], ['__proto__', 'location'], ['hasOwnProperty', 'ignore'], ['valueOf', 'ignore']]));

describe.each(PROVIDERS)('headers named constructor, toString, __proto__ in an imported file on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp?.close());

  const post = (path: string, file: Buffer, fileName: string, mapping?: string) => {
    const request = testApp.http.post(path).attach('file', file, fileName);
    return mapping === undefined ? request : request.field('mapping', mapping);
  };

  describe.each(FILES)('in a $kind file', ({ kind, fileName, phoneBlock, file }) => {
    const rows = rowsOf(kind, phoneBlock);

    it('are unknown columns like any other: the preview suggests nothing for them, and each of their cells "is not a known column"', async () => {
      const response = await post('/api/leads/import/preview', await file(rows), fileName).expect(200);
      expect(response.text).not.toContain('native code');
      const preview = response.body as ImportPreview;
      expect(preview.columns.map(({ header, suggested, suggestedFrom, mapped }) => ({ header, suggested, suggestedFrom, mapped }))).toEqual([
        { header: 'Name', suggested: 'name', suggestedFrom: 'header', mapped: 'name' },
        { header: 'Phone', suggested: 'phone', suggestedFrom: 'header', mapped: 'phone' },
        ...PROTOTYPE_HEADERS.map((header) => ({ header, suggested: 'ignore', suggestedFrom: null, mapped: null })),
      ]);
      expect(preview.rows.map((row) => row.cells.slice(2))).toEqual(rows.map((cells) => cells.slice(2).map((text) => ({ text, value: null, error: 'is not a known column' }))));
    });

    it('skip each row as the file suggests it be read, naming each such column, never a function', async () => {
      const summary: ImportSummary = (await post('/api/leads/import', await file(rows), fileName).expect(200)).body;
      expect(summary).toEqual({
        created: 0,
        updated: 0,
        possibleDuplicates: 0,
        skipped: 2,
        errors: [2, 3].flatMap((line) => PROTOTYPE_HEADERS.map((field) => ({ line, field, message: 'is not a known column' }))),
      });
    });

    it('are read as the mapping says, __proto__ included, in the preview and the import', async () => {
      const preview: ImportPreview = (await post('/api/leads/import/preview', await file(rows), fileName, MAPPING).expect(200)).body;
      expect(preview.columns.slice(2).map(({ header, mapped }) => ({ header, mapped }))).toEqual(Object.entries(JSON.parse(MAPPING) as Record<string, string>).map(([header, mapped]) => ({ header, mapped })));
      expect(preview.outcome).toEqual({ created: 2, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });

      const summary: ImportSummary = (await post('/api/leads/import', await file(rows), fileName, MAPPING).expect(200)).body;
      expect(summary).toEqual({ created: 2, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
      const leads: Lead[] = (await testApp.http.get('/api/leads').query({ q: `Proto ${kind}` }).expect(200)).body;
      expect(leads.map(({ name, location }) => ({ name, location })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: `Proto ${kind} 1`, location: '__proto__ cell 1' },
        { name: `Proto ${kind} 2`, location: '__proto__ cell 2' },
      ]);
      const notes = (await testApp.http.get(`/api/leads/${leads.find((lead) => lead.name.endsWith('1'))!._id}/notes`).expect(200)).body as { body: string }[];
      expect(notes.map((note) => note.body)).toEqual(['toString: toString cell 1']);
    });
  });

  it("are questions of a Meta Lead Ads export, kept as note lines, and a platform of 'constructor' is Meta's ads", async () => {
    const tsv = [
      ['id', 'created_time', 'ad_id', 'campaign_name', 'form_name', 'platform', 'full_name', 'phone_number', 'constructor', 'toString'],
      ['l:111', '2026-03-01T10:00:00+05:30', 'ag:1', 'Spring', 'Form A', 'constructor', 'Proto Meta', 'p:+919845030001', 'yes', 'soon'],
    ];
    const file = Buffer.from(tsv.map((cells) => cells.join('\t')).join('\n'));
    const preview: ImportPreview = (await post('/api/leads/import/preview', file, 'meta.tsv').expect(200)).body;
    expect(preview.knownExport).toBe('meta-lead-ads');
    expect(preview.columns.slice(-2).map(({ header, suggested, suggestedFrom }) => ({ header, suggested, suggestedFrom }))).toEqual([
      { header: 'constructor', suggested: 'note', suggestedFrom: 'export' },
      { header: 'toString', suggested: 'note', suggestedFrom: 'export' },
    ]);
    expect((await post('/api/leads/import', file, 'meta.tsv').expect(200)).body).toEqual({ created: 1, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
    const [lead] = (await testApp.http.get('/api/leads').query({ q: 'Proto Meta' }).expect(200)).body as Lead[];
    expect(lead.source).toBe('meta ads');
    const notes = (await testApp.http.get(`/api/leads/${lead._id}/notes`).expect(200)).body as { body: string }[];
    expect(notes.map((note) => note.body).join('\n')).toContain('constructor: yes\ntoString: soon');
  });
});
