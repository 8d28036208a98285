import fc from 'fast-check';
import { IMPORT_MATCH_MODES, type ImportMatchMode, type ImportPreview, type ImportSummary } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { identityKeyColumns } from '../src/leads/identity/identity-key-columns';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(180_000);

const HEADER = '_id,name,email,phone,location,createdAt';
const EMAILS = 3;
const PHONES = 2;
const IDS = 4;
const TIMES = ['2025-12-31T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'];

/** One imported row, in terms of small pools, so that rows and stored leads are often the same person. */
const row = fc.record(
  {
    id: fc.nat(IDS - 1),
    email: fc.nat(EMAILS - 1),
    // Spelt as staff type them: the import finds the lead by the address and number they normalise to.
    shoutedEmail: fc.boolean(),
    phone: fc.nat(PHONES - 1),
    nationalPhone: fc.boolean(),
    location: fc.constantFrom('Pune', 'Mumbai', 'Nashik'),
    createdAt: fc.nat(TIMES.length - 1),
  },
  { requiredKeys: ['shoutedEmail', 'nationalPhone', 'location'] },
);

/** Leads stored before the import, created at few distinct times so that ties are common. */
const storedLeads = fc.array(fc.record({ email: fc.option(fc.nat(EMAILS - 1)), phone: fc.option(fc.nat(PHONES - 1)), createdAt: fc.nat(TIMES.length - 1) }), { maxLength: 4 });

/** One person's name spelt three ways, and another person's. */
const PERSON_NAMES = ['Aarav Sharma', 'Arav Sharma', 'A. Sharma', 'Rahul Verma'];
const LOCATIONS = ['Pune', 'Mumbai'];

/** A stored lead, or an imported row, of few names, addresses and numbers: rows often meet a lead, as the same person or another. */
const person = {
  name: fc.nat(PERSON_NAMES.length - 1),
  email: fc.option(fc.nat(EMAILS - 1)),
  phone: fc.option(fc.nat(PHONES - 1)),
  location: fc.option(fc.nat(LOCATIONS.length - 1)),
};
const storedPeople = fc.array(fc.record(person), { minLength: 1, maxLength: 4 });
const importedPeople = fc.array(fc.record({ ...person, id: fc.option(fc.nat(IDS - 1)) }), { minLength: 1, maxLength: 10 });

/** What the property compares of a lead. */
const identityOf = ({ id, name, email, phone, location }: { id: string; name: string; email: string | null; phone: string | null; location: string | null }) => ({ id, name, email, phone, location });

/** Each run's ids, names, numbers and addresses are its own, so runs share the databases without meeting. */
function scenarioNames(run: number) {
  const prefix = `import${run}-`;
  const phoneDigits = (phone: number) => `98${String(run).padStart(6, '0')}${phone}0`;
  return {
    prefix,
    // Ids below `stored.length` are stored leads; the others are ids a file brings.
    id: (id: number) => `${prefix}lead-${id}`,
    email: (email: number) => `person${email}@${prefix}example.in`,
    phone: (phone: number) => `+91${phoneDigits(phone)}`,
    nationalPhone: (phone: number) => `${phoneDigits(phone).slice(0, 5)} ${phoneDigits(phone).slice(5)}`,
  };
}

describe.each(PROVIDERS)('CSV import identity on %s', (provider) => {
  let batched: TestApp;
  let oneByOne: TestApp;
  let run = 0;

  beforeAll(async () => {
    [batched, oneByOne] = await Promise.all([startTestApp(provider), startTestApp(provider)]);
  });
  afterAll(async () => {
    await Promise.all([batched?.close(), oneByOne?.close()]);
  });

  const importCsv = async (testApp: TestApp, lines: string[], onMatch: ImportMatchMode) =>
    (await testApp.http.post('/api/leads/import').query({ onMatch }).set('Content-Type', 'text/csv').send([HEADER, ...lines].join('\r\n')).expect(200)).body as ImportSummary;

  /** The run's leads; ids and creation times the server chose are compared as such. */
  async function storedState(testApp: TestApp, names: ReturnType<typeof scenarioNames>) {
    const leads = await testApp.app.get(Database).client.lead.findMany({ where: { name: { startsWith: names.prefix } } });
    return leads
      .map(({ updatedAt, ...lead }) => ({
        ...lead,
        id: lead.id.startsWith(names.prefix) ? lead.id : 'chosen by the server',
        createdAt: TIMES.includes(lead.createdAt.toISOString()) ? lead.createdAt.toISOString() : 'at the import',
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }

  it('a file of rows leaves exactly the leads that the same rows leave imported one file each', async () => {
    await fc.assert(
      fc.asyncProperty(storedLeads, fc.array(row, { minLength: 1, maxLength: 12 }), fc.constantFrom(...IMPORT_MATCH_MODES), async (stored, rows, onMatch) => {
        run += 1;
        const names = scenarioNames(run);
        for (const testApp of [batched, oneByOne]) {
          await testApp.app.get(Database).client.lead.createMany({
            data: stored.map((lead, index) => {
              const columns = { name: `${names.prefix}stored ${index}`, email: lead.email === null ? null : names.email(lead.email) };
              return { id: names.id(index), ...columns, ...identityKeyColumns(columns), phone: lead.phone === null ? null : names.phone(lead.phone), createdAt: new Date(TIMES[lead.createdAt]) };
            }),
          });
        }
        const lines = rows.map((each, index) =>
          [
            each.id === undefined ? '' : names.id(each.id),
            `${names.prefix}row ${index}`,
            each.email === undefined ? '' : each.shoutedEmail ? names.email(each.email).toUpperCase() : names.email(each.email),
            each.phone === undefined ? '' : each.nationalPhone ? names.nationalPhone(each.phone) : `'${names.phone(each.phone)}`,
            each.location,
            each.createdAt === undefined ? '' : TIMES[each.createdAt],
          ].join(','),
        );

        const whole = await importCsv(batched, lines, onMatch);
        const single = { created: 0, updated: 0, possibleDuplicates: 0, skipped: 0 };
        for (const line of lines) {
          const summary = await importCsv(oneByOne, [line], onMatch);
          for (const key of ['created', 'updated', 'possibleDuplicates', 'skipped'] as const) single[key] += summary[key];
        }

        expect(whole).toMatchObject({ ...single, skipped: 0 });
        expect(await storedState(batched, names)).toEqual(await storedState(oneByOne, names));
      }),
      { numRuns: 30 },
    );
  });

  it('changes no stored name, email or phone unless the import chose overwrite; the preview and a dry run count what it does, and the preview lists every change it makes', async () => {
    await fc.assert(
      fc.asyncProperty(storedPeople, importedPeople, fc.constantFrom(...IMPORT_MATCH_MODES), async (stored, rows, onMatch) => {
        run += 1;
        const names = scenarioNames(run);
        const prisma = batched.app.get(Database).client;
        const optional = <T>(index: number | null, value: (index: number) => T) => (index === null ? null : value(index));
        await prisma.lead.createMany({
          data: stored.map((lead, index) => {
            const columns = { name: PERSON_NAMES[lead.name], email: optional(lead.email, names.email) };
            const location = optional(lead.location, (at) => LOCATIONS[at]);
            return { id: names.id(index), ...columns, ...identityKeyColumns(columns), phone: optional(lead.phone, names.phone), location, createdAt: new Date(TIMES[index % TIMES.length]) };
          }),
        });
        const csv = [
          '_id,name,email,phone,location',
          ...rows.map((each) =>
            [optional(each.id, names.id), PERSON_NAMES[each.name], optional(each.email, names.email), optional(each.phone, names.nationalPhone), optional(each.location, (at) => LOCATIONS[at])]
              .map((cell) => cell ?? '')
              .join(','),
          ),
        ].join('\n');
        const send = (path: string, query: Record<string, string>) => batched.http.post(path).query(query).set('Content-Type', 'text/csv').send(csv).expect(200);
        const storedLeads = async () => (await prisma.lead.findMany({ where: { id: { in: stored.map((_, index) => names.id(index)) } }, orderBy: { id: 'asc' } })).map(identityOf);

        const before = await storedLeads();
        const preview: ImportPreview = (await send('/api/leads/import/preview', { onMatch })).body;
        const dryRun: ImportSummary = (await send('/api/leads/import', { onMatch, dryRun: 'true' })).body;
        const summary: ImportSummary = (await send('/api/leads/import', { onMatch })).body;
        const after = await storedLeads();

        expect(dryRun).toEqual(summary);
        expect(preview.outcome).toEqual(summary);
        expect([preview.matches.length, preview.duplicates.length]).toEqual([summary.updated, summary.possibleDuplicates]);
        if (onMatch === 'fill') {
          for (const [index, lead] of before.entries()) {
            expect(after[index].name).toBe(lead.name);
            for (const field of ['email', 'phone'] as const) if (lead[field] !== null) expect(after[index][field]).toBe(lead[field]);
          }
        }
        // The changes the preview lists as written, replayed in the file's order over the stored leads, leave them as the import did.
        const replayed = new Map(before.map((lead) => [lead.id, { ...lead }]));
        for (const { lead, changes } of preview.matches) {
          const replaying = lead.id === null ? undefined : replayed.get(lead.id);
          for (const { field, to, outcome } of changes) if (replaying && outcome !== 'kept' && field in replaying) Object.assign(replaying, { [field]: to });
        }
        expect(after).toEqual([...replayed.values()]);
      }),
      { numRuns: 30 },
    );
  });
});
