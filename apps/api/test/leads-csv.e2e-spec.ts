import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const SEED_HEADER = '_id,name,email,location,qualified,createdAt,source,phone,interestedIn,budget,timeline,loan_needed';
const HEADER = `${SEED_HEADER},stage,owner,tags,lostReason,consent,doNotCall,lastActivityAt`;

/** GET /api/leads/export.csv with its body as text. */
const downloadCsv = (testApp: TestApp, query: Record<string, string> = {}) =>
  testApp.http.get('/api/leads/export.csv').query(query).buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => done(null, text));
  });

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

  const exportCsv = (query: Record<string, string> = {}) => downloadCsv(testApp, query);

  it("downloads leads.csv with the seed's twelve columns first, then the team's, RFC 4180 quoting and UTF-8 with a byte-order mark", async () => {
    const response = await exportCsv().expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
    const text = response.body as string;
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
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
    expect(summary.body).toEqual({ created: 0, updated: TRICKY_LEADS.length, possibleDuplicates: 0, skipped: 0, errors: [] });
    const after = (await testApp.http.get('/api/leads').expect(200)).body;
    // updatedAt and version count writes (an import rewrites each lead); what the leads are stays the same.
    const withoutUpdatedAt = (leads: Record<string, unknown>[]) => leads.map(({ updatedAt, version, ...lead }) => lead);
    expect(withoutUpdatedAt(after)).toEqual(withoutUpdatedAt(before));
  });

  it('recreates every lead, ids and creation times included, in an empty database', async () => {
    const csv = (await exportCsv()).body as string;
    const original = (await testApp.http.get('/api/leads').expect(200)).body;
    const fresh = await startTestApp(provider);
    try {
      const summary = await fresh.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
      expect(summary.body).toEqual({ created: TRICKY_LEADS.length, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
      const copied = (await fresh.http.get('/api/leads').expect(200)).body;
      // updatedAt and version count writes (an import rewrites each lead); what the leads are stays the same.
      const withoutUpdatedAt = (leads: Record<string, unknown>[]) => leads.map(({ updatedAt, version, ...lead }) => lead);
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
      budget: fc.oneof(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 10 ** 8 }).map((n) => n / 100), trickyText(6)),
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

    const csv = (await downloadCsv(testApp).expect(200)).body as string;
    const cells = (parse(csv, { relax_quotes: false }) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    // Every stored value that starts like a formula reached the file behind a quote mark.
    const formulaLike = original.flatMap((lead) => Object.values(lead).filter((value): value is string => typeof value === 'string' && /^[=+\-@\t\r']/.test(value)));
    expect(formulaLike.length).toBeGreaterThan(GENERATED_LEADS);
    for (const value of formulaLike) expect(cells).toContain(`'${value}`);

    const summary = await fresh.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(summary.body).toEqual({ created: GENERATED_LEADS, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
    const copied = (await fresh.http.get('/api/leads').query({ limit: 1000 }).expect(200)).body as Record<string, unknown>[];
    // updatedAt and version count writes (an import rewrites each lead); what the leads are stays the same.
    const withoutUpdatedAt = (leads: Record<string, unknown>[]) => leads.map(({ updatedAt, version, ...lead }) => lead);
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

  it('creates new leads, fills known ones (by email or phone) where they lack a value, and reports each bad row with its line', async () => {
    const csv = [
      'name,email,phone,location,qualified,budget,loan_needed',
      'New Person,new@example.in,98200 12345,Mumbai,true,7500000,yes',
      'KNOWN BY EMAIL,KNOWN@example.in,,Nashik,false,60 Lakh,',
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
      possibleDuplicates: 0,
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
    // The same person again fills what the lead lacks and keeps what it has: its name, location and qualification stay (onMatch fill, the default).
    expect(byName.get('New Person')).toMatchObject({ email: 'new@example.in', phone: '+919820012345', location: 'Mumbai', qualified: true, budget: 7500000, loan_needed: true });
    expect(byName.get('Known By Email')).toMatchObject({ email: 'known@example.in', location: 'Pune', budget: '60 Lakh', loan_needed: null });
    expect(byName.get('Known By Phone')).toMatchObject({ phone: '+919811234567', location: 'Delhi', qualified: false, loan_needed: false });
  });

  it('reads another CRM\'s export: its headers in any case and spacing, a split name, Indian amounts and day-first dates', async () => {
    const csv = [
      'First Name,Last Name,E-mail,Mobile No,City,Budget (₹),Property Type,Lead Source,Created',
      'Kavya,Menon,KAVYA@example.in,98450 11111,Kochi,45 Lakh,Villa,Magicbricks,03/04/2026',
      'Rohan,,,98450 22222,Pune,"1,20,00,000",2 BHK,99acres,31/12/2025 17:45',
      'Sara,Khan,,98450 33333,Goa,around 50 lakh,Plot,,',
    ].join('\n');
    const response = await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(response.body).toEqual({ created: 3, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
    const leads = (await testApp.http.get('/api/leads?q=98450').expect(200)).body as Record<string, unknown>[];
    const byName = new Map((await testApp.http.get('/api/leads').expect(200)).body.map((lead: Record<string, unknown>) => [lead.name, lead]));
    expect(leads).toBeDefined();
    expect(byName.get('Kavya Menon')).toMatchObject({
      email: 'kavya@example.in',
      phone: '+919845011111',
      location: 'Kochi',
      budget: 4_500_000,
      interestedIn: 'Villa',
      source: 'Magicbricks',
      createdAt: '2026-04-02T18:30:00.000Z',
    });
    expect(byName.get('Rohan')).toMatchObject({ budget: 12_000_000, source: '99acres', createdAt: '2025-12-31T12:15:00.000Z' });
    // Not an amount: kept as written.
    expect(byName.get('Sara Khan')).toMatchObject({ budget: 'around 50 lakh', location: 'Goa' });
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

/** Text as people, spreadsheets and attackers write it: any Unicode, control characters, formula starts, CSV separators, blank or empty. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)), maxLength: 10 }),
  trickyText(10),
  fc.tuple(fc.constantFrom('=', '+', '-', '@', "'", "''", '\t', '\r', ' =', '\u0001', '\u001b', '\u007f', '\u2028', '\ufeff', '\u0000'), fc.string({ maxLength: 10 })).map(([start, rest]) => start + rest),
  fc.constantFrom('', ' ', '\t \r\n'),
);

/** Budgets the API may be given: numbers of every size, text that reads as one or not, negative text, blanks. */
const anyBudget = fc.oneof(
  fc.double({ min: 0, max: Number.MAX_SAFE_INTEGER, noNaN: true }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: 10 ** 9 }),
  fc.constantFrom('100', ' 4.50 ', '0', '9007199254740991', '9007199254740992', '1e+21', '5e-7', '5e-324', '-1', '-0', '007', '45 Lakh', '₹85 lakhs', '1,00,000', '=1+1', '', ' ', null),
  fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map(String),
  anyText,
);

/** A lead body the way a client may send one; identities are unique per lead (leads sharing an email or phone are one person to the import). */
function anyLeadBody(index: number) {
  const digits = `9876${String(index).padStart(6, '0')}`;
  return fc.record(
    {
      name: anyText,
      email: fc.oneof(
        fc.emailAddress().map((email) => `lead${index}.${email}`),
        fc.constantFrom(` Lead${index}@Example.IN `, `lead${index}@example.in`, '', null),
      ),
      phone: fc.constantFrom(`+91${digits}`, `${digits.slice(0, 5)} ${digits.slice(5)}`, `0${digits}`, `+91-${digits}`, '', null),
      location: anyText,
      qualified: fc.boolean(),
      source: anyText,
      interestedIn: anyText,
      budget: anyBudget,
      timeline: anyText,
      loan_needed: fc.option(fc.boolean()),
    },
    { requiredKeys: [] },
  );
}

const anyLeadBodies = fc.integer({ min: 1, max: 8 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => anyLeadBody(index))));

describe.each(PROVIDERS)('export → import of any lead the API accepts on %s', (provider) => {
  let source: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    [source, target] = await Promise.all([startTestApp(provider), startTestApp(provider)]);
  });
  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  const listed = async (testApp: TestApp) =>
    ((await testApp.http.get('/api/leads').query({ limit: 1000 }).expect(200)).body as Record<string, unknown>[]).map(({ updatedAt, ...lead }) => lead);

  it('recreates every accepted lead in an empty database exactly as the API answers it, ids and creation times included', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(anyLeadBodies, async (bodies) => {
        for (const testApp of [source, target]) await testApp.app.get(Database).client.lead.deleteMany();
        for (const body of bodies) {
          const response = await source.http.post('/api/leads').send(body);
          expect([201, 400]).toContain(response.status);
          if (response.status === 201) accepted += 1;
        }
        const original = await listed(source);

        const csv = (await downloadCsv(source).expect(200)).body as string;
        const summary = await target.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
        expect(summary.body).toEqual({ created: original.length, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] });
        expect(await listed(target)).toEqual(original);
      }),
      { numRuns: 50 },
    );
    // Enough generated bodies are valid that the property is not held on an empty set.
    expect(accepted).toBeGreaterThan(30);
  }, 120_000);
});

describe.each(PROVIDERS)('CSV import refusing a file that is not a leads CSV on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    await testApp.http.post('/api/leads').send({ name: 'Already Here', email: 'here@example.in' }).expect(201);
  });
  afterAll(() => testApp.close());

  /** Five valid rows in the seed's twelve columns, then line 7 with two cells too many. */
  const longRow = [
    SEED_HEADER,
    ...Array.from({ length: 5 }, (_, i) => `,Valid ${i},valid${i}@example.in,Pune,true,,web form,,,100,,`),
    ',Too Long,long@example.in,Pune,true,,web form,,,100,,,extra,cells',
    ',After,after@example.in,Pune,true,,web form,,,100,,',
  ].join('\r\n');

  it.each([
    ['binary bytes', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), 'is not CSV: line 3 holds a NUL byte, as binary files do'],
    ['NUL bytes', Buffer.from('name,email\nAsha\u0000,a@example.in\n'), 'is not CSV: line 2 holds a NUL byte, as binary files do'],
    ['bytes neither UTF-8 nor Windows-1252', Buffer.from([...Buffer.from('name\nAsha '), 0xc3, 0x28, 0x81]), 'is not CSV: it is not text in UTF-8, UTF-16 (with its byte-order mark) or Windows-1252'],
    ['JSON', Buffer.from(JSON.stringify([{ name: 'Json Person', email: 'json@example.in' }])), 'is JSON, not CSV'],
    ['an empty file', Buffer.from(''), 'has no header row: its first line must name the columns'],
    ['only blank lines', Buffer.from('\r\n\r\n\n'), 'has no header row: its first line must name the columns'],
    ['a row longer than the header', Buffer.from(longRow), 'line 7 has 14 cells; the header has 12'],
    ['a row shorter than the header', Buffer.from('name,email,phone\nShort,short@example.in\n'), 'line 2 has 2 cells; the header has 3'],
    ['a quote never closed', Buffer.from('name,email\nFine,fine@example.in\n"Open,open@example.in\n'), 'line 3 has a quote that is never closed'],
  ])('answers %s with a 400 naming the problem, and writes nothing', async (_, file, problem) => {
    const before = (await testApp.http.get('/api/leads').expect(200)).body;
    const response = await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(file).expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: `Invalid file: ${problem}`, errors: [{ field: 'file', message: problem }] });
    expect((await testApp.http.get('/api/leads').expect(200)).body).toEqual(before);
  });

  it('refuses an uploaded file the same way', async () => {
    const response = await testApp.http.post('/api/leads/import').attach('file', Buffer.from(longRow), 'leads.csv').expect(400);
    expect(response.body.errors).toEqual([{ field: 'file', message: 'line 7 has 14 cells; the header has 12' }]);
    expect((await testApp.http.get('/api/leads')).headers['x-total-count']).toBe('1');
  });
});
