import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Database } from '../src/database/database';
import type { Prisma } from '../src/generated/sqlite/client';
import { LEAD_CSV_HEADER, leadsCsvRecords } from '../src/leads/csv/lead-csv-writer';
import { leadFilterSchema } from '@lead-desk/contracts';
import { LeadsRepository } from '../src/leads/leads.repository';
import { EVERY_LEAD } from '../src/leads/access/lead-access';
import { resolveLeadFilter } from '../src/leads/lead-list-filter';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(180_000);

// Pieces that break CSV files, spreadsheets and LIKE patterns: separators, quotes, line
// breaks, every formula leader and the quote prefix itself, wildcards, emoji, Devanagari.
const piece = fc.constantFrom('a', 'Z', '7', ' ', ',', ';', '"', "'", '\r', '\n', '\r\n', '\t', '=', '+', '-', '@', '%', '_', '\\', 'é', 'प्रि', 'मुंबई', '🏡', '😀');
/** Text as stored, empty text included: written straight to the database, past the API's trimming. */
const storedText = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));
const budgetNumber = fc.oneof(
  fc.integer({ min: 0, max: 10 ** 12 }),
  // Prisma cannot write the largest doubles to PostgreSQL (it rounds them past the maximum).
  fc.double({ min: -1e300, max: 1e300, noNaN: true }),
  // Where PostgreSQL and JavaScript switch to exponent notation, and -0.
  fc.constantFrom(-0, 5e-324, 1e-7, 1.5e-7, 1e-5, 0.0001, 9.999999999999999e-5, 1e15, 1234567890123456.7, 1e20, 1e21, 1e300),
);

/** Stages and staff whose names start like formulas and hold separators and quotes (made in beforeAll). */
const TRICKY_STAGES = [
  { id: 'stage-tricky-open', name: '=Call back, "soon"', kind: 'open', position: 8 },
  { id: 'stage-tricky-lost', name: "-Lost; 'gone'", kind: 'lost', position: 9 },
];
const TRICKY_STAFF = [
  { id: 'staff-tricky-1', email: '-ravi,"r"@example.in', name: 'Ravi' },
  { id: 'staff-tricky-2', email: 'मीरा@example.in', name: 'Meera' },
];
const STAGE_IDS = ['stage-new', 'stage-lost', ...TRICKY_STAGES.map((stage) => stage.id)];

/** A tag as the tag rules store it: trimmed, not empty. */
const storedTag = storedText.map((text) => text.trim()).filter((text) => text !== '');
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

/** What a lead carries beside its row: its consents (withdrawn or standing) and the times of its activity entries. */
const history = fc.record({
  consents: fc.array(fc.option(instant), { maxLength: 3 }),
  activityTimes: fc.array(instant, { maxLength: 3 }),
});

const lead: fc.Arbitrary<Omit<Prisma.LeadCreateManyInput, 'id'>> = fc
  .record({
    name: storedText,
    email: fc.option(storedText),
    phone: fc.option(storedText),
    location: fc.option(storedText),
    qualified: fc.boolean(),
    source: storedText,
    interestedIn: fc.option(storedText),
    budget: fc.option(fc.oneof(budgetNumber, storedText)),
    timeline: fc.option(storedText),
    loanNeeded: fc.option(fc.boolean()),
    createdAt: fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
    stageId: fc.constantFrom(...STAGE_IDS),
    ownerId: fc.option(fc.constantFrom(...TRICKY_STAFF.map((member) => member.id))),
    tags: fc.uniqueArray(storedTag, { maxLength: 4 }).map((tags) => JSON.stringify(tags)),
    lostReason: fc.option(storedText),
    doNotCall: fc.boolean(),
  })
  .map(({ budget, ...rest }) => ({
    ...rest,
    budgetAmount: typeof budget === 'number' ? budget : null,
    budgetText: typeof budget === 'string' ? budget : null,
  }));

// Lead ids may start with "-", a formula leader too.
const leadId = fc.stringMatching(/^[-_a-zA-Z0-9]{1,16}$/);
const leads = fc
  .uniqueArray(fc.tuple(leadId, lead, history), { maxLength: 20, selector: ([id]) => id })
  .map((rows) => rows.map(([id, row, { consents, activityTimes }]) => ({ ...row, id, consents, activityTimes })));

/** A search term: a piece of a stored name, email or location (so that it matches), or made-up text. */
function searchTerm(rows: { name: string; email?: string | null; location?: string | null }[]): fc.Arbitrary<string> {
  const stored = rows.flatMap((row) => [row.name, row.email, row.location]).filter((text): text is string => !!text && text.trim() !== '');
  const madeUp = fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(''));
  if (stored.length === 0) return madeUp;
  const slice = fc
    .tuple(fc.constantFrom(...stored), fc.nat(), fc.integer({ min: 1, max: 6 }))
    .map(([text, start, length]) => [...text].slice(start % [...text].length).slice(0, length).join(''));
  return fc.oneof(slice, madeUp);
}

const FILTERS = ['all', 'qualified', 'unqualified'].flatMap((status) => [false, true].map((searched) => ({ status, searched })));

describe.each(PROVIDERS)('CSV export straight from %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
    const prisma = testApp.app.get(Database).client;
    await prisma.stage.createMany({ data: TRICKY_STAGES });
    await prisma.staffUser.createMany({ data: TRICKY_STAFF.map((member) => ({ ...member, role: 'agent', passwordHash: '!' })) });
  });
  afterAll(() => testApp.close());

  const exportBytes = (query: Record<string, string>) =>
    testApp.http
      .get('/api/leads/export.csv')
      .query(query)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  /** What the JavaScript CSV writer makes of the leads the list selects for the same filter (read back through Prisma). */
  async function writtenByTheCsvWriter(query: Record<string, string>): Promise<string> {
    const filter = resolveLeadFilter(leadFilterSchema.parse(query), null, 'Asia/Kolkata');
    const selected = await testApp.app.get(LeadsRepository).findPage(filter, EVERY_LEAD, 1000);
    const leads = await testApp.app.get(Database).client.lead.findMany({
      where: { id: { in: selected.map((row) => row.id) } },
      include: { stage: true, owner: true, consents: true, activities: { orderBy: [{ at: 'desc' }, { id: 'desc' }], take: 1 } },
    });
    const byId = new Map(leads.map(({ activities, ...lead }) => [lead.id, { ...lead, lastActivityAt: activities[0]?.at ?? null }]));
    return LEAD_CSV_HEADER + leadsCsvRecords(selected.map((row) => byId.get(row.id)!));
  }

  it('writes, byte for byte, what the CSV writer writes for any leads and every filter', async () => {
    const prisma = testApp.app.get(Database).client;
    const scenario = leads.chain((rows) => fc.tuple(fc.constant(rows), searchTerm(rows)));
    let compared = 0;
    let formulaCells = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ([rows, term]) => {
        await prisma.lead.deleteMany();
        await prisma.lead.createMany({ data: rows.map(({ consents, activityTimes, ...row }) => ({ ...row, updatedAt: row.createdAt })) });
        await prisma.leadConsent.createMany({
          data: rows.flatMap(({ id, consents }) =>
            consents.map((withdrawnAt) => ({ leadId: id, channel: 'staff', purpose: 'Calls', wording: 'Yes', givenAt: new Date('2026-01-01T00:00:00Z'), evidence: '{}', withdrawnAt })),
          ),
        });
        await prisma.leadActivity.createMany({ data: rows.flatMap(({ id, activityTimes }) => activityTimes.map((at) => ({ leadId: id, type: 'updated', at, data: '{}' }))) });
        for (const { status, searched } of FILTERS) {
          const query: Record<string, string> = searched ? { status, q: term } : { status };
          const response = await exportBytes(query).expect(200);
          const expected = await writtenByTheCsvWriter(query);
          expect({ query, csv: (response.body as Buffer).toString('utf8') }).toEqual({ query, csv: expected });
          // Byte for byte: the same text could still differ in its encoding.
          expect(Buffer.compare(response.body as Buffer, Buffer.from(expected, 'utf8'))).toBe(0);
          compared += 1;
          formulaCells += (expected.match(/(^|,|")'[=+\-@\t\r']/gm) ?? []).length;
        }
      }),
      { numRuns: 60 },
    );
    // The comparisons ran, and the data reached the formula escape.
    expect(compared).toBe(60 * FILTERS.length);
    expect(formulaCells).toBeGreaterThan(0);
  });

  it('frees its connection when a download is abandoned, and the next export is whole', async () => {
    const prisma = testApp.app.get(Database).client;
    await prisma.lead.deleteMany();
    // 16 MB of CSV: far more than the sockets between the database, the API and the client hold.
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const many = Array.from({ length: 2_000 }, (_, i) => ({ name: `Bulk lead ${i}`, timeline: 'x'.repeat(8_000), createdAt, updatedAt: createdAt }));
    for (let start = 0; start < many.length; start += 500) await prisma.lead.createMany({ data: many.slice(start, start + 500) });

    // More abandoned downloads than the export has connections: a leaked one would leave the last export waiting.
    for (let abandoned = 0; abandoned < 4; abandoned += 1) expect(await startThenHangUp(testApp)).toMatch(/^\uFEFF_id,name,/);
    const whole = (await exportBytes({}).expect(200)).body as Buffer;
    expect(whole.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1 + many.length);
  });
});

/** Starts a download, reads its start (the byte-order mark may come as a chunk of its own) and closes the connection. */
function startThenHangUp(testApp: TestApp): Promise<string> {
  const { port } = testApp.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/api/leads/export.csv' }, (response) => {
      let start = Buffer.alloc(0);
      response.on('data', (chunk: Buffer) => {
        start = Buffer.concat([start, chunk]);
        if (start.length < 64) return;
        request.destroy();
        resolve(start.toString('utf8'));
      });
    });
    request.once('error', reject);
    request.end();
  });
}
