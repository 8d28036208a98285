import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { ImportMapping, ImportMatchMode, ImportSummary, Job } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { jobEnded } from './support/bulk-jobs';
import { SseClient } from './support/sse-client';
import { PROVIDERS } from './support/test-database';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** Small batches: every file here takes several, so rows about one person fall in different batches. */
const BATCH = 7;

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'import', name));

/**
 * A file of every kind of row, CRLF and a BOM: new people, the same person again later in
 * the file (by email, by phone), rows refused (bad email, unknown stage), tags and stages.
 */
function mixedFile(): Buffer {
  const lines = ['Full Name,Mobile,E-mail,Status,Tags'];
  for (let i = 0; i < 40; i += 1) {
    if (i % 9 === 4) lines.push(`Broken ${i},,not-an-email,New,`);
    else if (i % 11 === 6) lines.push(`Nobody Stage ${i},98100${String(i).padStart(5, '0')},,No Such Stage,`);
    else if (i % 5 === 3) lines.push(`Again ${i - 3},,mixed.${i - 3}@example.in,Contacted,Hot; Repeat`);
    else if (i % 7 === 5) lines.push(`Phone Again ${i - 5},98100${String(i - 5).padStart(5, '0')},,Negotiation,NRI`);
    else lines.push(`Mixed ${i},98100${String(i).padStart(5, '0')},mixed.${i}@example.in,New,Cold`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** A workbook of 30 rows (numbers as numbers, a repeated person, a refused row), as a spreadsheet keeps one. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Leads');
  sheet.addRow(['Name', 'Phone Number', 'E-mail', 'Budget (INR)', 'Stage', 'Tags']);
  for (let i = 0; i < 30; i += 1) {
    if (i === 12) sheet.addRow(['Bad Email', 9812300000 + i, 'nope', 4500000, 'New', 'Hot']);
    else if (i % 8 === 7) sheet.addRow([`Sheet Again ${i - 1}`, 9812300000 + i - 1, null, 6000000, 'Negotiation', 'NRI; Hot']);
    else sheet.addRow([`Sheet Lead ${i}`, 9812300000 + i, `sheet.${i}@example.in`, 4500000 + i, 'Contacted', 'Investor']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Each person twice, far apart (other batches): first new, then again under the same name
 * with another email, stage and tags, so that what the second row does depends on onMatch.
 */
function sameAgainFile(): Buffer {
  const people = Array.from({ length: 15 }, (_, i) => ({ name: `Twice ${i}`, phone: `98200${String(i).padStart(5, '0')}` }));
  const lines = [
    'Name,Mobile,E-mail,Status,Tags',
    ...people.map(({ name, phone }, i) => `${name},${phone},twice.${i}@example.in,New,Cold`),
    ...people.map(({ name, phone }, i) => `${name},${phone},again.${i}@example.in,Contacted,Hot`),
  ];
  return Buffer.from(lines.join('\n'));
}

type Leads = Awaited<ReturnType<typeof leadsAsStored>>;

const FILES: { name: string; file: () => Buffer | Promise<Buffer>; mapping?: ImportMapping; onMatch?: ImportMatchMode; leads?: (leads: Leads) => void }[] = [
  { name: 'a Follow Up Boss export', file: () => fixture('follow-up-boss.csv') },
  { name: 'a Sell.Do export (BOM, CRLF, Indian amounts, owners)', file: () => fixture('sell-do.csv') },
  { name: 'a LeadSquared export (semicolons, a column ignored)', file: () => fixture('leadsquared-semicolons.csv'), mapping: { 'Lead Score': 'ignore' } },
  { name: 'a file of new, repeated and refused rows across batches', file: mixedFile },
  { name: 'an Excel workbook', file: workbook },
  {
    name: 'a file meeting its own leads again, filling them (the default)',
    file: sameAgainFile,
    leads: (leads) => expect(leads.map(({ email, stage, tags }) => [email?.split('.')[0], stage, tags])).toEqual(leads.map(() => ['twice', 'New', '["Cold","Hot"]'])),
  },
  {
    name: 'a file meeting its own leads again, overwriting them',
    file: sameAgainFile,
    onMatch: 'overwrite',
    leads: (leads) => expect(leads.map(({ email, stage, tags }) => [email?.split('.')[0], stage, tags])).toEqual(leads.map(() => ['again', 'Contacted', '["Hot"]'])),
  },
];

/** The leads as a person sees them after an import, without what differs between two databases (ids, times). */
async function leadsAsStored(app: TestApp) {
  const db = app.app.get(Database).client;
  const leads = await db.lead.findMany({ include: { stage: true, owner: true }, orderBy: [{ name: 'asc' }, { phone: 'asc' }] });
  return leads.map((lead) => ({
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    stage: lead.stage.name,
    owner: lead.owner?.name ?? null,
    tags: lead.tags,
    budget: [lead.budgetAmount, lead.budgetText],
    version: lead.version,
  }));
}

async function activityCounts(app: TestApp) {
  const rows = await app.app.get(Database).client.leadActivity.groupBy({ by: ['type'], _count: true, orderBy: { type: 'asc' } });
  return rows.map((row) => [row.type, row._count]);
}

describe.each(PROVIDERS)('import jobs on %s', (provider) => {
  describe.each(FILES)('$name', ({ file, mapping, onMatch, leads }) => {
    const query = { ...(mapping && { mapping: JSON.stringify(mapping) }), ...(onMatch && { onMatch }) };
    let syncApp: TestApp;
    let jobApp: TestApp;

    beforeAll(async () => {
      [syncApp, jobApp] = await Promise.all([startTestApp(provider), startTestApp(provider, { JOB_BATCH_SIZE: String(BATCH) })]);
      // The owners the files name, on both sides.
      for (const app of [syncApp, jobApp]) {
        for (const [email, name] of [['asha.agent@example.in', 'Asha Agent'], ['ravi.agent@example.in', 'Ravi Agent']]) {
          await app.http.post('/api/staff').send({ email, name, role: 'agent', password: 'an agent password of length' }).expect(201);
        }
      }
    });
    afterAll(() => Promise.all([syncApp?.close(), jobApp?.close()]));

    it('ends with the counts, errors, leads and activity the synchronous import gives the same file', async () => {
      const bytes = await file();
      const summary: ImportSummary = (await syncApp.http.post('/api/leads/import').query(query).attach('file', bytes, 'export').expect(200)).body;

      const created = await jobApp.http.post('/api/leads/import/jobs').query(query).attach('file', bytes, 'export').expect(202);
      // Each row of the file is created, updated, created as a possible duplicate or skipped, by either route.
      const rows = summary.created + summary.updated + summary.possibleDuplicates + summary.skipped;
      expect(created.body).toEqual({ id: expect.any(String), total: rows });
      const job: Job = await jobEnded(async (id) => (await jobApp.http.get(`/api/jobs/${id}`).expect(200)).body, created.body.id);

      expect(job).toMatchObject({ kind: 'import', status: 'succeeded', action: null, total: rows, processed: rows, error: null });
      expect({ created: job.created, updated: job.changed - job.created - job.possibleDuplicates, possibleDuplicates: job.possibleDuplicates, skipped: job.skipped }).toEqual({
        created: summary.created,
        updated: summary.updated,
        possibleDuplicates: summary.possibleDuplicates,
        skipped: summary.skipped,
      });
      expect(job.errors).toEqual(summary.errors.slice(0, 100).map((error) => ({ id: null, ...error })));
      expect(await leadsAsStored(jobApp)).toEqual(await leadsAsStored(syncApp));
      leads?.(await leadsAsStored(jobApp));
      expect(await activityCounts(jobApp)).toEqual(await activityCounts(syncApp));
      // The file is kept only while the job runs.
      expect(await jobApp.app.get(Database).client.jobFile.count()).toBe(0);
    });
  });

  describe('progress and refusals', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await startTestApp(provider, { JOB_BATCH_SIZE: String(BATCH), IMPORT_MAX_BYTES: String(64 * 1024) });
    });
    afterAll(() => testApp?.close());

    it('reports each batch as job.updated and each new lead as lead.created', async () => {
      const events = await SseClient.connect(`${await testApp.app.getUrl()}/api/events`);
      try {
        const rows = Array.from({ length: 20 }, (_, i) => `Event Lead ${i},event.${i}@example.in`);
        const created = await testApp.http.post('/api/leads/import/jobs').set('Content-Type', 'text/csv').send(['name,email', ...rows].join('\n')).expect(202);
        const ended = await events.next((event) => event.event === 'job.updated' && (event.data as Job).id === created.body.id && (event.data as Job).status === 'succeeded');
        expect(ended.data).toMatchObject({ kind: 'import', total: 20, processed: 20, changed: 20, created: 20, skipped: 0 });
        const progress = events.received().filter((event) => event.event === 'job.updated' && (event.data as Job).id === created.body.id);
        // 20 rows in batches of 7: three batches, each reported.
        expect(progress.map((event) => (event.data as Job).processed)).toEqual(expect.arrayContaining([7, 14, 20]));
        await events.next(() => events.received().filter((event) => event.event === 'lead.created').length >= 20);
      } finally {
        events.disconnect();
      }
    });

    it('refuses a file or options the synchronous import refuses, with the same 400 (413 above IMPORT_MAX_BYTES), and makes no job', async () => {
      const db = testApp.app.get(Database).client;
      const jobsBefore = await db.job.count();
      const strange = await testApp.http.post('/api/leads/import/jobs').query({ mapping: JSON.stringify({ Nope: 'name' }) }).set('Content-Type', 'text/csv').send('name,email\nA,a@example.in\n').expect(400);
      expect(strange.body.errors).toEqual([{ field: 'mapping', message: '"Nope" is not a column of the file (name, email)' }]);
      const ragged = await testApp.http.post('/api/leads/import/jobs').set('Content-Type', 'text/csv').send('name,email\nA,a@example.in,extra\n').expect(400);
      expect(ragged.body.errors).toEqual([{ field: 'file', message: 'line 2 has 3 cells; the header has 2' }]);
      const dryRun = await testApp.http.post('/api/leads/import/jobs').query({ dryRun: 'true' }).set('Content-Type', 'text/csv').send('name\nA\n').expect(400);
      expect(dryRun.body.errors).toEqual([{ field: 'dryRun', message: 'is answered at once by POST /api/leads/import?dryRun=true, not by a job' }]);
      const big = `name,email\n${'Big Lead,big@example.in\n'.repeat(4_000)}`;
      await testApp.http.post('/api/leads/import/jobs').attach('file', Buffer.from(big), 'big.csv').expect(413);
      await testApp.http.post('/api/leads/import/jobs').set('Content-Type', 'text/csv').send(big).expect(413);
      expect(await db.job.count()).toBe(jobsBefore);
      expect(await db.jobFile.count()).toBe(0);
    });
  });

  describe('with staff accounts', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await startTestApp(provider, STAFF_MODE_ENV);
    });
    afterAll(() => testApp?.close());

    it("is an admin's, as the import is; the job is its creator's and the admins' to read", async () => {
      const admin = await signIn(testApp, TEST_ADMIN);
      const agent = await signedInAgent(testApp, admin, 'Import Agent');
      const file = Buffer.from('name,email\nStaff Lead,staff.lead@example.in\n');
      await agent.agent.post('/api/leads/import/jobs').set('X-CSRF-Token', agent.csrf).attach('file', file, 'leads.csv').expect(403);
      const created = await admin.agent.post('/api/leads/import/jobs').set('X-CSRF-Token', admin.csrf).attach('file', file, 'leads.csv').expect(202);
      const job = await jobEnded(async (id) => (await admin.agent.get(`/api/jobs/${id}`).expect(200)).body, created.body.id);
      expect(job).toMatchObject({ status: 'succeeded', created: 1, createdBy: { id: admin.id } });
      await agent.agent.get(`/api/jobs/${created.body.id}`).expect(404);
      const [entry] = await testApp.app.get(Database).client.leadActivity.findMany({ where: { type: 'imported' } });
      expect(entry.actorId).toBe(admin.id);
    });
  });
});
