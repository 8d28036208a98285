import { performance } from 'node:perf_hooks';
import type { Erasure, Job, Lead, SavedView } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { endOfCallReport } from './fixtures/vapi-messages';
import { jobEnded } from './support/bulk-jobs';
import { executeScript } from './support/database-rows';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { sqliteFileBytes, storedCopies } from './support/stored-copies';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

// The person, and the lead of theirs that was merged into their first one.
const PERSON = { name: 'Aarav Sharma', phone: '+919876543210', email: 'aarav.sharma@example.in' };
const MERGED = { name: 'Aarav K Sharma', phone: '+919876543211', email: 'aarav.k@example.in' };
const NOTES = ['Wants a sea-facing flat near Juhu before Diwali', 'Call Aarav back on 98765 43210 after 6 pm, mother unwell'];
/** Every way the person can be read: their numbers as stored and as typed, emails, names, what staff wrote about them. */
const TERMS = [PERSON.phone, '9876543210', '98765 43210', PERSON.email, PERSON.name, MERGED.phone, '9876543211', MERGED.email, MERGED.name, ...NOTES];

/**
 * After an erasure nothing of the person can be read back: not from SQLite's files byte by
 * byte (database, write-ahead log, shared-memory index), not from any row of any PostgreSQL
 * table; and what others wrote that names them (saved views, an import's refusals, who asked
 * for the erasure) is redacted, while everything else stays as it was.
 */
describe.each(PROVIDERS)('an erasure leaves no copy of the person on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let client: Database['client'];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, PRIVACY_HASH_SALT: 'a salt for the copies test' });
    admin = await signIn(testApp, TEST_ADMIN);
    client = testApp.app.get(Database).client;
  });
  afterAll(() => testApp.close());

  const post = (path: string, body: object) => admin.agent.post(path).set('X-CSRF-Token', admin.csrf).send(body);

  it('leaves none of their phone, email, name or notes in the database, and redacts the saved views, job refusals and request that name them', async () => {
    // The person: a call, notes, a lead merged into theirs; a search of theirs saved twice; an import whose column names them.
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'call-copies-1', number: PERSON.phone, structuredData: { name: PERSON.name, email: PERSON.email, location: 'Mumbai', qualified: true } })).expect(200);
    const lead = (await admin.agent.get(`/api/leads/${(await client.lead.findFirstOrThrow({ where: { phone: PERSON.phone } })).id}`).expect(200)).body as Lead;
    await post(`/api/leads/${lead._id}/notes`, { body: NOTES[0] }).expect(201);
    // A close name in the same city: a possible duplicate of theirs, then merged into their lead.
    const merged = (await post('/api/leads', { ...MERGED, location: 'Mumbai', allowDuplicate: true }).expect(201)).body as Lead;
    const kept = (await admin.agent.get(`/api/leads/${lead._id}`).expect(200)).body as Lead;
    await post('/api/leads/merge', { keepId: kept._id, mergeId: merged._id, keepVersion: kept.version, mergeVersion: merged.version }).expect(200);
    const views = {
      named: (await post('/api/views', { name: `${PERSON.name} follow-up`, filter: { q: PERSON.email } }).expect(201)).body as SavedView,
      byPhone: (await post('/api/views', { name: 'Called back', shared: true, filter: { q: '98765 43210' } }).expect(201)).body as SavedView,
      other: (await post('/api/views', { name: 'Pune buyers', shared: true, filter: { q: 'Pune' } }).expect(201)).body as SavedView,
    };
    const csv = `Name,Mobile,${PERSON.name} referral\nKabir Rao,9860000401,yes\n`;
    const created = await admin.agent.post('/api/leads/import/jobs').set('X-CSRF-Token', admin.csrf).set('Content-Type', 'text/csv').send(csv).expect(202);
    const readJob = async (id: string): Promise<Job> => (await admin.agent.get(`/api/jobs/${id}`).expect(200)).body;
    expect((await jobEnded(readJob, created.body.id)).errors).toEqual([{ id: null, line: 2, field: `${PERSON.name} referral`, message: 'is not a known column' }]);
    // Someone else, who stays.
    const other = (await post('/api/leads', { name: 'Meera Iyer', phone: '+919860000299', location: 'Pune' }).expect(201)).body as Lead;
    if (provider === 'sqlite') {
      // Pages written into the database file, and later ones in the write-ahead log: an erasure must clean both.
      await executeScript(testApp.database, 'PRAGMA wal_checkpoint(TRUNCATE)');
    }
    await post(`/api/leads/${lead._id}/notes`, { body: NOTES[1] }).expect(201);

    // The search can find them: every term is stored somewhere (on SQLite, in the file and in the log).
    const before = await storedCopies(testApp.database, TERMS);
    expect(TERMS.filter((term) => !before.some((copy) => copy.term === term))).toEqual([]);
    if (provider === 'sqlite') expect(new Set(before.map(({ where }) => where))).toEqual(new Set(['leads.db', 'leads.db-wal']));
    const bytesBefore = provider === 'sqlite' ? sqliteFileBytes(testApp.database) : {};

    const started = performance.now();
    const answer = await post('/api/privacy/erasure', { phone: '098765 43210', requestedBy: `Email from ${PERSON.email}, ticket 7` }).expect(200);
    const erasureMs = performance.now() - started;
    const bytesAfter = provider === 'sqlite' ? sqliteFileBytes(testApp.database) : {};
    const erasure = answer.body as Erasure;

    const after = await storedCopies(testApp.database, TERMS);
    expect(after).toEqual([]);
    expect(erasure.requestedBy).toBe('Email from [erased], ticket 7');
    const listed = (await admin.agent.get('/api/views').expect(200)).body as SavedView[];
    const byId = new Map(listed.map((view) => [view.id, view]));
    expect(byId.get(views.named.id)).toMatchObject({ name: '[erased] follow-up', filter: { q: '[erased]' } });
    expect(byId.get(views.byPhone.id)).toMatchObject({ name: 'Called back', filter: { q: '[erased]' } });
    expect(byId.get(views.other.id)).toMatchObject({ name: 'Pune buyers', filter: { q: 'Pune' }, count: 1 });
    expect((await readJob(created.body.id)).errors).toEqual([{ id: null, line: 2, field: '[erased] referral', message: 'is not a known column' }]);
    expect((await admin.agent.get(`/api/leads/${other._id}`).expect(200)).body).toMatchObject({ name: 'Meera Iyer', phone: '+919860000299' });
    const [logged] = (await admin.agent.get('/api/audit?action=person_erased').expect(200)).body;
    expect(logged.details).toMatchObject({ erasureId: erasure.id, redacted: { saved_views: 2, jobs: 1 } });

    recordFigures({
      promise: 'Security regression',
      test: currentTestName(),
      database: provider,
      figures: {
        erasureMs: Math.round(erasureMs),
        copiesBefore: before.length,
        leaks: after.length,
        ...Object.fromEntries(Object.entries(bytesBefore).map(([file, bytes]) => [`${file}BytesBefore`, bytes])),
        ...Object.fromEntries(Object.entries(bytesAfter).map(([file, bytes]) => [`${file}BytesAfter`, bytes])),
      },
    });
  });
});
