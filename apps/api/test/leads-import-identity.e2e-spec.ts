import fc from 'fast-check';
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

  const importCsv = async (testApp: TestApp, lines: string[]) =>
    (await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send([HEADER, ...lines].join('\r\n')).expect(200)).body as {
      created: number;
      updated: number;
      skipped: number;
    };

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
      fc.asyncProperty(storedLeads, fc.array(row, { minLength: 1, maxLength: 12 }), async (stored, rows) => {
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

        const whole = await importCsv(batched, lines);
        const single = { created: 0, updated: 0, skipped: 0 };
        for (const line of lines) {
          const summary = await importCsv(oneByOne, [line]);
          for (const key of ['created', 'updated', 'skipped'] as const) single[key] += summary[key];
        }

        expect(whole).toMatchObject({ ...single, skipped: 0 });
        expect(await storedState(batched, names)).toEqual(await storedState(oneByOne, names));
      }),
      { numRuns: 30 },
    );
  });
});
