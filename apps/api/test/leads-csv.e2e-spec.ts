import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const HEADER = '_id,name,email,location,qualified,createdAt,source,phone,interestedIn,budget,timeline,loan_needed';

const TRICKY_LEADS = [
  { name: 'Sharma, Aarav "AJ"', email: 'aj@example.in', phone: '+919876543210', location: 'Mumbai\nWest', budget: 4500000, qualified: true, loan_needed: true },
  { name: '=HYPERLINK("http://evil")', email: 'formula@example.in', location: '+91 tower', interestedIn: '-2 BHK', timeline: '@once', budget: '45 Lakh' },
  { name: 'प्रिया अय्यर 🏡', email: 'priya@example.in', location: 'पुणे', interestedIn: 'Villa\r\nwith garden', budget: '1.2 Cr', loan_needed: false },
];

describe.each(PROVIDERS)('CSV export and import on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    for (const lead of TRICKY_LEADS) await testApp.http.post('/api/leads').send(lead).expect(201);
  });
  afterAll(() => testApp.close());

  const exportCsv = (query: Record<string, string> = {}) =>
    testApp.http.get('/api/leads/export.csv').query(query).buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

  it('downloads leads.csv with the twelve columns, RFC 4180 quoting and UTF-8', async () => {
    const response = await exportCsv().expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
    const text = response.body as string;
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(text).toContain('"Sharma, Aarav ""AJ"""');
    expect(text).toContain('"Mumbai\nWest"');
    expect(text).toContain('प्रिया अय्यर 🏡');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(TRICKY_LEADS.length);
  });

  it('neutralises every formula-leading cell, E.164 phone numbers included', async () => {
    const rows = parse((await exportCsv()).body, { columns: true }) as Record<string, string>[];
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('formula@example.in')).toMatchObject({
      name: `'=HYPERLINK("http://evil")`,
      location: "'+91 tower",
      interestedIn: "'-2 BHK",
      timeline: "'@once",
    });
    expect(byEmail.get('aj@example.in')?.phone).toBe("'+919876543210");
    for (const row of rows) {
      for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('exports only what the filter and search select', async () => {
    const rows = parse((await exportCsv({ status: 'qualified' })).body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.email)).toEqual(['aj@example.in']);
    const searched = parse((await exportCsv({ q: 'पुणे' })).body, { columns: true }) as Record<string, string>[];
    expect(searched.map((row) => row.email)).toEqual(['priya@example.in']);
    expect((await exportCsv({ status: 'nope' })).status).toBe(400);
  });

  it('imports its own export back unchanged', async () => {
    const before = (await testApp.http.get('/api/leads').expect(200)).body;
    const csv = (await exportCsv()).body as string;
    const summary = await testApp.http.post('/api/leads/import').attach('file', Buffer.from(csv), 'leads.csv').expect(200);
    expect(summary.body).toEqual({ created: 0, updated: TRICKY_LEADS.length, skipped: 0, errors: [] });
    const after = (await testApp.http.get('/api/leads').expect(200)).body;
    const withoutUpdatedAt = (leads: Record<string, unknown>[]) => leads.map(({ updatedAt, ...lead }) => lead);
    expect(withoutUpdatedAt(after)).toEqual(withoutUpdatedAt(before));
  });

  it('recreates every lead, ids and creation times included, in an empty database', async () => {
    const csv = (await exportCsv()).body as string;
    const original = (await testApp.http.get('/api/leads').expect(200)).body;
    const fresh = await startTestApp(provider);
    try {
      const summary = await fresh.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
      expect(summary.body).toEqual({ created: TRICKY_LEADS.length, updated: 0, skipped: 0, errors: [] });
      const copied = (await fresh.http.get('/api/leads').expect(200)).body;
      const withoutUpdatedAt = (leads: Record<string, unknown>[]) => leads.map(({ updatedAt, ...lead }) => lead);
      expect(withoutUpdatedAt(copied)).toEqual(withoutUpdatedAt(original));
    } finally {
      await fresh.close();
    }
  });
});

/** Text built from the pieces that break CSV files and spreadsheets: quotes, separators, line breaks, formula starts, emoji, Devanagari. */
const trickyText = (maxPieces: number) =>
  fc
    .array(fc.constantFrom('a', 'Z', ' ', ',', ';', '"', "'", '\n', '\r\n', '\r', '\t', '=', '+', '-', '@', '0', '😀', '🏡', 'प्रि', 'या', 'मुंबई', 'é'), { minLength: 1, maxLength: maxPieces })
    .map((pieces) => pieces.join(''))
    .filter((text) => text.trim() !== '');

const GENERATED_LEADS = 150;

function generatedLeads(seed: number): Record<string, unknown>[] {
  const lead = fc.record(
    {
      name: trickyText(12),
      location: trickyText(8),
      interestedIn: trickyText(8),
      timeline: trickyText(6),
      source: trickyText(6),
      // Text budgets carry a letter, or the import would read them as the number they look like.
      budget: fc.oneof(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 10 ** 8 }).map((n) => n / 100), trickyText(6).map((text) => `${text} Lakh`)),
      qualified: fc.boolean(),
      loan_needed: fc.boolean(),
    },
    { requiredKeys: ['name'] },
  );
  return fc.sample(lead, { numRuns: GENERATED_LEADS, seed }).map((generated, i) => ({
    ...generated,
    email: `lead.${i}+tag@example.in`,
    phone: `+9198${String(76_000_000 + i).padStart(8, '0')}`,
  }));
}

describe.each(PROVIDERS)('CSV round trip of generated leads on %s', (provider) => {
  let testApp: TestApp;
  let fresh: TestApp;

  beforeAll(async () => {
    [testApp, fresh] = await Promise.all([startTestApp(provider), startTestApp(provider)]);
  });
  afterAll(async () => {
    await Promise.all([testApp.close(), fresh.close()]);
  });

  it(`exports ${GENERATED_LEADS} leads full of quotes, commas, line breaks, emoji and Devanagari, neutralises every formula cell, and imports them back unchanged`, async () => {
    for (const lead of generatedLeads(2026)) await testApp.http.post('/api/leads').send(lead).expect(201);
    const original = (await testApp.http.get('/api/leads').query({ limit: 1000 }).expect(200)).body as Record<string, unknown>[];
    expect(original).toHaveLength(GENERATED_LEADS);
    const stored = JSON.stringify(original);
    for (const piece of ['\\"', ',', '\\n', '\\r\\n', '😀', 'प्रि', "'"]) expect(stored).toContain(piece);

    const csv = (await testApp.http.get('/api/leads/export.csv').buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    }).expect(200)).body as string;
    const cells = (parse(csv, { relax_quotes: false }) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    // Every stored value that starts like a formula reached the file behind a quote mark.
    const formulaLike = original.flatMap((lead) => Object.values(lead).filter((value): value is string => typeof value === 'string' && /^[=+\-@\t\r']/.test(value)));
    expect(formulaLike.length).toBeGreaterThan(GENERATED_LEADS);
    for (const value of formulaLike) expect(cells).toContain(`'${value}`);

    const summary = await fresh.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(summary.body).toEqual({ created: GENERATED_LEADS, updated: 0, skipped: 0, errors: [] });
    const copied = (await fresh.http.get('/api/leads').query({ limit: 1000 }).expect(200)).body as Record<string, unknown>[];
    const withoutUpdatedAt = (leads: Record<string, unknown>[]) => leads.map(({ updatedAt, ...lead }) => lead);
    expect(withoutUpdatedAt(copied)).toEqual(withoutUpdatedAt(original));
  });
});

describe.each(PROVIDERS)('CSV import rules on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { IMPORT_MAX_BYTES: '4096' });
    await testApp.http.post('/api/leads').send({ name: 'Known By Email', email: 'known@example.in', location: 'Pune' }).expect(201);
    await testApp.http.post('/api/leads').send({ name: 'Known By Phone', phone: '+919811234567', location: 'Delhi' }).expect(201);
  });
  afterAll(() => testApp.close());

  it('creates new leads, updates known ones by email or phone, and reports each bad row with its line', async () => {
    const csv = [
      'name,email,phone,location,qualified,budget,loan_needed',
      'New Person,new@example.in,98200 12345,Mumbai,true,7500000,yes',
      'Known Again,KNOWN@example.in,,Nashik,false,60 Lakh,',
      ',missing-name@example.in,,,,,',
      'Bad Email,not-an-email,,,,,',
      '"Multi',
      'line name",,011 2345 6789,Delhi,maybe,,',
      'By Phone,,+91 98112 34567,Noida,true,,no',
      'New Person Twice,new@example.in,,Thane,,,',
    ].join('\n');
    const response = await testApp.http.post('/api/leads/import').attach('file', Buffer.from(csv), 'leads.csv').expect(200);
    expect(response.body).toEqual({
      created: 1,
      updated: 3,
      skipped: 3,
      errors: [
        { line: 4, field: 'name', message: 'is required' },
        { line: 5, field: 'email', message: 'must be a valid email address' },
        { line: 6, field: 'qualified', message: 'must be true or false' },
      ],
    });
    const leads = (await testApp.http.get('/api/leads').expect(200)).body as Record<string, unknown>[];
    expect(leads).toHaveLength(3);
    const byName = new Map(leads.map((lead) => [lead.name, lead]));
    expect(byName.get('New Person Twice')).toMatchObject({ email: 'new@example.in', phone: '+919820012345', location: 'Thane', qualified: true, budget: 7500000, loan_needed: true });
    expect(byName.get('Known Again')).toMatchObject({ email: 'known@example.in', location: 'Nashik', budget: '60 Lakh', loan_needed: null });
    expect(byName.get('By Phone')).toMatchObject({ phone: '+919811234567', location: 'Noida', qualified: true, loan_needed: false });
  });

  it('rejects unknown columns per row without stopping the others', async () => {
    const csv = 'name,email,favourite_colour\nColour Person,colour@example.in,blue\n';
    const response = await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(response.body).toMatchObject({ created: 0, skipped: 1, errors: [{ line: 2, field: 'favourite_colour' }] });
  });

  it('answers 413 above IMPORT_MAX_BYTES, as a file or as a body, and stores nothing', async () => {
    const big = `name,email\n${Array.from({ length: 300 }, (_, i) => `Person ${i},p${i}@example.in`).join('\n')}`;
    const countBefore = (await testApp.http.get('/api/leads')).headers['x-total-count'];
    await testApp.http.post('/api/leads/import').attach('file', Buffer.from(big), 'big.csv').expect(413);
    await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(big).expect(413);
    expect((await testApp.http.get('/api/leads')).headers['x-total-count']).toBe(countBefore);
  });

  it('asks for a file when none is sent', async () => {
    const response = await testApp.http.post('/api/leads/import').expect(400);
    expect(response.body.errors).toEqual([{ field: 'file', message: expect.stringContaining('multipart field "file"') }]);
  });
});
