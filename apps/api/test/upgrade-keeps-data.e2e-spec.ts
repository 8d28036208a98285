import { readMigrationList } from '../src/database/migrations/prisma-folder';
import { queryRows } from './support/database-rows';
import { installPastRelease, readPastRelease } from './support/past-release';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * A database of the last release, filled as that release stored leads, calls, webhook
 * deliveries and staff, upgraded by starting today's API on it. Whatever migrations
 * later work adds, what the release stored must still be there and be served; a change
 * that means to transform old data adds its own expectation here.
 */
const RELEASE = readPastRelease('1a41579');

const SIGNED_IN_ADMIN = 'lead_desk_session=release-admin-session-token';

type Row = Record<string, unknown>;

async function readTables(database: TestDatabase): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  for (const table of RELEASE.tables) tables[table] = await queryRows<Row>(database, `SELECT * FROM "${table}" ORDER BY "id"`);
  return tables;
}

/**
 * What the upgrade may make of a table's rows: nothing, until a migration means to
 * change old data (e.g. `leads: (lead) => ({ ...lead, stage: 'New' })`).
 */
const UPGRADED_ROWS: Record<string, (row: Row) => Row> = {};

/** Only the given columns of a row: those added since the release are someone else's check. */
function columnsOf(row: Row, columns: string[]): Row {
  return Object.fromEntries(columns.map((column) => [column, row[column]]));
}

describe.each(PROVIDERS)(`upgrading a %s database of release ${RELEASE.name}`, (provider) => {
  let database: TestDatabase;
  let before: Record<string, Row[]>;
  let after: Record<string, Row[]>;
  let testApp: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    await installPastRelease(RELEASE, database);
    before = await readTables(database);
    // The upgrade itself: the API applies the migrations added since, as it does on every start.
    testApp = await startTestApp(provider, { AUTH_MODE: 'staff' }, database);
    after = await readTables(database);
  });
  afterAll(async () => {
    await testApp?.close();
    await database?.drop();
  });

  const get = (path: string) => testApp.http.get(path).set('Cookie', SIGNED_IN_ADMIN);

  it('applies every migration committed since the release', async () => {
    const applied = await queryRows<{ migration_name: string }>(
      database,
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    );
    expect(applied.map((row) => row.migration_name)).toEqual(readMigrationList(provider).migrationDirectories.map((migration) => migration.path));
  });

  it('keeps every row the release stored, every value as it was (or as a migration means it to become)', () => {
    expect(Object.fromEntries(RELEASE.tables.map((table) => [table, before[table].length]))).toEqual({
      leads: 5,
      calls: 3,
      webhook_events: 3,
      staff_users: 2,
      staff_sessions: 3,
    });
    for (const table of RELEASE.tables) {
      const expected = before[table].map(UPGRADED_ROWS[table] ?? ((row) => row));
      const columns = Object.keys(expected[0]);
      expect({ table, rows: after[table].map((row) => columnsOf(row, columns)) }).toStrictEqual({ table, rows: expected });
    }
  });

  it('puts every existing lead in the pipeline: stage New, unowned, version 1, not archived; staff are available', () => {
    expect(after.leads.map(({ stage_id, owner_id, version, archived_at, lost_reason }) => ({ stage_id, owner_id, version, archived_at, lost_reason }))).toEqual(
      before.leads.map(() => ({ stage_id: 'stage-new', owner_id: null, version: 1, archived_at: null, lost_reason: null })),
    );
    expect(after.staff_users.map(({ available }) => Boolean(available))).toEqual([true, true]);
  });

  it('serves every lead with its values: budgets as number or text, loan needed yes, no or unknown, text in any script', async () => {
    const list = await get('/api/leads?limit=50').expect(200);
    expect(list.headers['x-total-count']).toBe('5');
    expect(list.body.map((lead: { _id: string }) => lead._id)).toEqual([
      '019aa000-0000-7000-8000-000000000005',
      '019aa000-0000-7000-8000-000000000004',
      '019aa000-0000-7000-8000-000000000003',
      '019aa000-0000-7000-8000-000000000002',
      '019aa000-0000-7000-8000-000000000001',
    ]);
    const expected = [
      { _id: '019aa000-0000-7000-8000-000000000001', name: 'Priya Sharma', email: 'priya.sharma@example.in', phone: '+919876543210', location: 'Pune', qualified: true, source: 'voice bot', interestedIn: '3 BHK Apartment', budget: 9500000, timeline: '3 months', loan_needed: true, createdAt: '2026-11-20T04:30:00.000Z', updatedAt: '2026-11-20T04:35:12.345Z' },
      { _id: '019aa000-0000-7000-8000-000000000002', name: 'अनन्या राव', email: 'ananya.rao@example.in', phone: '+919845012345', location: 'Bengaluru', qualified: true, source: 'chat bot', interestedIn: 'Villa', budget: '2.5 Cr', timeline: '6 months', loan_needed: false, createdAt: '2026-11-20T06:00:00.000Z', updatedAt: '2026-11-20T06:00:00.000Z' },
      { _id: '019aa000-0000-7000-8000-000000000003', name: 'Walk-in Visitor', email: null, phone: null, location: null, qualified: false, source: 'web form', interestedIn: null, budget: null, timeline: null, loan_needed: null, createdAt: '2026-11-21T09:15:00.250Z', updatedAt: '2026-11-21T09:15:00.250Z' },
      { _id: '019aa000-0000-7000-8000-000000000004', name: "Zoë D'Souza", email: 'zoe.dsouza@example.in', phone: null, location: 'Navi Mumbai — Vashi 🏙️', qualified: false, source: 'web form', interestedIn: 'Plot; corner, "east facing"', budget: 4500000.75, timeline: 'within a year', loan_needed: false, createdAt: '2026-11-22T11:45:30.999Z', updatedAt: '2026-11-22T12:00:00.000Z' },
      { _id: '019aa000-0000-7000-8000-000000000005', name: 'Rohan Mehta', email: 'rohan.mehta@example.in', phone: '+917700900123', location: 'Thane', qualified: false, source: 'voice bot', interestedIn: '2 BHK', budget: '45 Lakh', timeline: null, loan_needed: null, createdAt: '2026-11-23T02:05:00.000Z', updatedAt: '2026-11-23T02:07:41.500Z' },
    ];
    for (const lead of expected) expect((await get(`/api/leads/${lead._id}`).expect(200)).body).toMatchObject(lead);
  });

  it('finds old leads by search: the search index came through the upgrade', async () => {
    for (const [q, names] of [
      ['sharma', ['Priya Sharma']],
      ['अनन्या', ['अनन्या राव']],
      ['vashi', ["Zoë D'Souza"]],
      ['example.in', ['Rohan Mehta', "Zoë D'Souza", 'अनन्या राव', 'Priya Sharma']],
    ] as const) {
      const found = await get(`/api/leads?q=${encodeURIComponent(q)}`).expect(200);
      expect({ q, names: found.body.map((lead: { name: string }) => lead.name) }).toEqual({ q, names });
    }
  });

  it('finds old leads by phone number: the phone index was built from the leads already stored', async () => {
    for (const [q, names] of [
      ['98450', ['अनन्या राव']],
      ['098450 12345', ['अनन्या राव']],
      ['+91 77009 00123', ['Rohan Mehta']],
      ['+91', []],
      ['7700', ['Rohan Mehta']],
      ['+91 98', ['अनन्या राव', 'Priya Sharma']],
    ] as const) {
      const found = await get(`/api/leads?q=${encodeURIComponent(q)}`).expect(200);
      expect({ q, names: found.body.map((lead: { name: string }) => lead.name), total: found.headers['x-total-count'] }).toEqual({ q, names, total: String(names.length) });
    }
  });

  it('serves every call with its values, and the lead it belongs to', async () => {
    expect((await get('/api/calls/019aa000-0000-7000-8000-000000000101').expect(200)).body).toMatchObject({
      vapiCallId: 'release-call-web-1',
      leadId: '019aa000-0000-7000-8000-000000000001',
      type: 'webCall',
      status: 'ended',
      endedReason: 'customer-ended-call',
      customerNumber: '+919876543210',
      startedAt: '2026-11-20T04:31:00.000Z',
      endedAt: '2026-11-20T04:34:12.500Z',
      durationSeconds: 192.5,
      cost: 0.2134,
      summary: 'Priya wants a 3 BHK in Pune within three months; budget 95 lakh; needs a loan.',
      transcript: 'AI: Namaste! This is Riya from Lead Desk Realty.\nUser: Hi, I want a 3 BHK in Pune; budget around 95 lakh.',
      recordingUrl: 'https://storage.vapi.ai/release-call-web-1-mono.wav',
      structuredData: { name: 'Priya Sharma', budget: 9500000, qualified: true, loan_needed: true },
      createdAt: '2026-11-20T04:31:00.000Z',
      updatedAt: '2026-11-20T04:35:12.345Z',
    });
    expect((await get('/api/calls/019aa000-0000-7000-8000-000000000102').expect(200)).body).toMatchObject({
      vapiCallId: 'release-call-outbound-1',
      leadId: '019aa000-0000-7000-8000-000000000005',
      type: 'outboundPhoneCall',
      status: 'ringing',
      endedReason: null,
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      cost: null,
      summary: null,
      transcript: null,
      recordingUrl: null,
      structuredData: null,
    });
    expect((await get('/api/calls/019aa000-0000-7000-8000-000000000103').expect(200)).body).toMatchObject({
      leadId: null,
      type: 'inboundPhoneCall',
      customerNumber: null,
      durationSeconds: 30,
      cost: 0,
      transcript: '',
    });
  });

  it('keeps staff signed in where they were, signed out where they were, and their passwords', async () => {
    expect((await get('/api/auth/me').expect(200)).body).toMatchObject({
      authMode: 'staff',
      staff: { id: '019aa000-0000-7000-8000-000000000301', email: 'meera@leaddesk.example.in', name: 'Meera Kapoor', role: 'admin' },
    });
    for (const token of ['release-agent-session-token', 'release-expired-session-token']) {
      await testApp.http.get('/api/auth/me').set('Cookie', `lead_desk_session=${token}`).expect(401);
    }
    expect((await get('/api/staff').expect(200)).body.map((staff: { email: string }) => staff.email).sort()).toEqual([
      'meera@leaddesk.example.in',
      'rahul@leaddesk.example.in',
    ]);
    const signIn = await testApp.http.post('/api/auth/sign-in').send({ email: 'rahul@leaddesk.example.in', password: 'release agent password' }).expect(200);
    expect(signIn.body.staff).toMatchObject({ name: 'Rahul Verma', role: 'agent' });
  });
});
