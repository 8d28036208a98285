import type { DatabaseProvider } from '../src/database/database-url';
import { readMigrationList } from '../src/database/migrations/prisma-folder';
import { queryRows } from './support/database-rows';
import { dataTables } from './support/database-snapshot';
import { installPastRelease, readPastRelease, readReleaseRows, type PastRelease, type Row } from './support/past-release';
import { createTestDatabase, PROVIDERS, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { emailIdentityKey } from '../src/leads/identity/email-identity-key';
import { IdentityKeysBackfill } from '../src/leads/identity/identity-keys-backfill';
import { locationKey } from '../src/leads/identity/location-key';
import { nameKey } from '../src/leads/identity/person-name';

/**
 * Databases of past releases, each filled as that release stored its data, upgraded by
 * starting today's API on them. Whatever migrations later work adds, what a release stored
 * must still be there and be served; a change that means to transform old data adds its
 * own expectation here.
 */

/**
 * What the upgrade may make of a release's rows, by table, for every release below:
 * nothing, until a migration means to change old data (e.g. `leads: (lead) => ({ ...lead, stage: 'New' })`).
 */
const UPGRADED_ROWS: Record<string, (row: Row) => Row> = {};

const SIGNED_IN_ADMIN = 'lead_desk_session=release-admin-session-token';

/** Only the given columns of a row: those added since the release are someone else's check. */
function columnsOf(row: Row, columns: string[]): Row {
  return Object.fromEntries(columns.map((column) => [column, row[column]]));
}

interface Upgrade {
  release: PastRelease;
  database: TestDatabase;
  /** The tables the release's migrations made. */
  releaseTables: string[];
  /** The release's rows as it stored them, and as the upgraded database holds them. */
  before: Record<string, Row[]>;
  after: Record<string, Row[]>;
  testApp: TestApp;
  /** A GET as the admin whose session the release kept. */
  get(path: string): ReturnType<TestApp['http']['get']>;
}

/** A release installed on a database of its own, then upgraded: today's API applies the migrations added since, as it does on every start. */
function upgradedRelease(name: string, provider: DatabaseProvider): Upgrade {
  const upgrade = { release: readPastRelease(name) } as Upgrade;
  upgrade.get = (path) => upgrade.testApp.http.get(path).set('Cookie', SIGNED_IN_ADMIN);
  beforeAll(async () => {
    upgrade.database = await createTestDatabase(provider);
    await installPastRelease(upgrade.release, upgrade.database);
    upgrade.releaseTables = await dataTables(upgrade.database);
    upgrade.before = await readReleaseRows(upgrade.release, upgrade.database);
    upgrade.testApp = await startTestApp(provider, { AUTH_MODE: 'staff' }, upgrade.database);
    // The upgrade's work after start-up (the stored leads' name keys) done before the rows are read.
    await upgrade.testApp.app.get(IdentityKeysBackfill).runToEnd();
    upgrade.after = await readReleaseRows(upgrade.release, upgrade.database);
  });
  afterAll(async () => {
    await upgrade.testApp?.close();
    await upgrade.database?.drop();
  });
  return upgrade;
}

/** What every release's upgrade owes it: the migrations since applied, and every row it stored kept. */
function itKeepsEveryRow(upgrade: Upgrade, provider: DatabaseProvider, rowsStored: Record<string, number>): void {
  it('applies every migration committed since the release', async () => {
    const applied = await queryRows<{ migration_name: string }>(
      upgrade.database,
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    );
    expect(applied.map((row) => row.migration_name)).toEqual(readMigrationList(provider).migrationDirectories.map((migration) => migration.path));
  });

  it('keeps every row the release stored, every value as it was (or as a migration means it to become)', () => {
    const tables = Object.keys(upgrade.release.tables);
    // The fill writes every table the release had.
    expect([...tables].sort()).toEqual(upgrade.releaseTables);
    expect(Object.fromEntries(tables.map((table) => [table, upgrade.before[table].length]))).toEqual(rowsStored);
    for (const table of tables) {
      const expected = upgrade.before[table].map(UPGRADED_ROWS[table] ?? ((row) => row));
      // A row the release did not store is shown whole.
      const rows = upgrade.after[table].map((row, index) => columnsOf(row, Object.keys(expected[index] ?? row)));
      expect({ table, rows }).toStrictEqual({ table, rows: expected });
    }
  });
}

/** Release 7f348c4's ids: 019ab000-0000-7000-8000- and the row's number, by table (leads 1-20, calls 101-, …; see its fill.sql). */
function id(number: number): string {
  return `019ab000-0000-7000-8000-${String(number).padStart(12, '0')}`;
}

/** The lead another CRM's export brought in, with its own id. */
const IMPORTED_LEAD = 'zoho-5725767000001234567';

const MEERA = { id: '019aa000-0000-7000-8000-000000000301', name: 'Meera Kapoor' };
const RAHUL = { id: '019aa000-0000-7000-8000-000000000302', name: 'Rahul Verma', email: 'rahul@leaddesk.example.in' };
const SUNITA = { id: id(303), name: 'Sunita Iyer', email: 'sunita@leaddesk.example.in' };

const NEW = { id: 'stage-new', name: 'New', kind: 'open' };
const CONTACTED = { id: 'stage-contacted', name: 'Contacted', kind: 'open' };
const SITE_VISIT_SCHEDULED = { id: 'stage-site-visit-scheduled', name: 'Site Visit Scheduled', kind: 'open' };
const SITE_VISIT_DONE = { id: 'stage-site-visit-done', name: 'Site Visit Done', kind: 'open' };
const NEGOTIATION = { id: 'stage-negotiation', name: 'Negotiation', kind: 'open' };
const TOKEN_PAID = { id: id(401), name: 'Token Paid', kind: 'open' };
const BOOKED = { id: 'stage-booked', name: 'Booked', kind: 'won' };
const LOST = { id: 'stage-lost', name: 'Lost', kind: 'lost' };
const CHANNEL_PARTNER_VISIT = { id: id(402), name: 'Channel Partner Visit', kind: 'open' };

/** What a lead nobody has worked yet shows of the pipeline; each expectation below says what differs. */
const FRESH = { owner: null, tags: [] as string[], lostReason: null as string | null, archived: false, doNotCall: false, doNotCallReason: null as string | null, previouslyErased: false, version: 1 };

describe.each(PROVIDERS)('upgrading a %s database', (provider) => {
  describe('of release 1a41579', () => {
    const upgrade = upgradedRelease('1a41579', provider);
    const { get } = upgrade;

    itKeepsEveryRow(upgrade, provider, { leads: 5, calls: 3, webhook_events: 3, staff_users: 2, staff_sessions: 3 });

    it('puts every existing lead in the pipeline: stage New, unowned, version 1, not archived; staff are available', () => {
      const { before, after } = upgrade;
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
        await upgrade.testApp.http.get('/api/auth/me').set('Cookie', `lead_desk_session=${token}`).expect(401);
      }
      expect((await get('/api/staff').expect(200)).body.map((staff: { email: string }) => staff.email).sort()).toEqual([
        'meera@leaddesk.example.in',
        'rahul@leaddesk.example.in',
      ]);
      const signIn = await upgrade.testApp.http.post('/api/auth/sign-in').send({ email: 'rahul@leaddesk.example.in', password: 'release agent password' }).expect(200);
      expect(signIn.body.staff).toMatchObject({ name: 'Rahul Verma', role: 'agent' });
    });
  });

  describe('of release 7f348c4', () => {
    const upgrade = upgradedRelease('7f348c4', provider);
    const { get } = upgrade;

    it('gives every stored lead its response times: arrival at creation, first outbound call, first connected call, first answer by its owner', async () => {
      const rows = await queryRows<Record<string, string | Date | null>>(
        upgrade.database,
        `SELECT lead_id, source, arrived_at, first_attempt_at, first_conversation_at, first_owner_action_at FROM lead_response_times ORDER BY lead_id`,
      );
      const [{ count }] = await queryRows<{ count: number | string }>(upgrade.database, 'SELECT count(*) AS count FROM leads');
      expect(rows).toHaveLength(Number(count));
      const time = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
      const byLead = new Map(rows.map((row) => [row.lead_id, { source: row.source, arrived: time(row.arrived_at), attempt: time(row.first_attempt_at), conversation: time(row.first_conversation_at), ownerAction: time(row.first_owner_action_at) }]));
      // Called out by the agent, talked 40 s, then moved on by Sunita, her owner.
      expect(byLead.get(id(14))).toEqual({ source: 'web form', arrived: '2026-11-21T14:00:00.000Z', attempt: '2026-11-22T05:00:00.000Z', conversation: '2026-11-22T05:00:05.000Z', ownerAction: '2026-11-22T05:02:00.000Z' });
      // Never called; a note by Meera (not the owner) does not count, Sunita's edit does.
      expect(byLead.get(id(10))).toEqual({ source: 'web form', arrived: '2026-11-20T10:30:00.000Z', attempt: null, conversation: null, ownerAction: '2026-11-21T07:00:00.000Z' });
      // Came from the voice button: her own call, before the lead was written, is neither an attempt nor an answer.
      expect(byLead.get(id(1))).toEqual({ source: 'voice bot', arrived: '2026-11-20T04:35:12.345Z', attempt: null, conversation: null, ownerAction: '2026-11-21T05:00:00.000Z' });
      // A call placed and still queued: an attempt, no conversation.
      expect(byLead.get(id(20))).toMatchObject({ attempt: '2026-11-24T06:00:00.000Z', conversation: null });
    });

    it("fills each stored lead's report figures: its seconds to each time and its owner of now", async () => {
      const rows = await queryRows<Record<string, string | number | Date | null>>(
        upgrade.database,
        `SELECT r.arrived_at, r.first_attempt_at, r.first_conversation_at, r.first_owner_action_at, r.first_attempt_seconds, r.first_conversation_seconds,
           r.first_owner_action_seconds, r.owner_id, l.owner_id AS lead_owner_id
         FROM lead_response_times r JOIN leads l ON l.id = r.lead_id`,
      );
      const seconds = (from: unknown, to: unknown) => (to === null ? null : (new Date(to as string).getTime() - new Date(from as string).getTime()) / 1000);
      expect(rows.filter((row) => row.first_attempt_at !== null).length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.lead_owner_id !== null).length).toBeGreaterThan(0);
      for (const row of rows) {
        expect({
          attempt: row.first_attempt_seconds,
          conversation: row.first_conversation_seconds,
          ownerAction: row.first_owner_action_seconds,
          owner: row.owner_id,
        }).toEqual({
          attempt: seconds(row.arrived_at, row.first_attempt_at),
          conversation: seconds(row.arrived_at, row.first_conversation_at),
          ownerAction: seconds(row.arrived_at, row.first_owner_action_at),
          owner: row.lead_owner_id,
        });
      }
    });

    it('keys every stored lead for "is this the same person", and shows the possible duplicates they held: a shared phone, one Gmail mailbox, a close name in one place', async () => {
      const leads = await queryRows<{ id: string; name: string; email: string | null; location: string | null; email_key: string | null; name_key: string | null; location_key: string | null }>(
        upgrade.database,
        'SELECT id, name, email, location, email_key, name_key, location_key FROM leads ORDER BY id',
      );
      expect(leads.map(({ id, email_key, name_key, location_key }) => ({ id, email_key, name_key, location_key }))).toEqual(
        leads.map(({ id, email, name, location }) => ({ id, email_key: email && emailIdentityKey(email), name_key: nameKey(name), location_key: locationKey(location) })),
      );
      expect(leads.find((lead) => lead.id === id(5))?.email_key).toBe('ananyarao@gmail.com');
      const pairs = (await get('/api/leads/duplicates').expect(200)).body as { reason: string; lead: { _id: string }; other: { _id: string } }[];
      expect(pairs.map(({ reason, lead, other }) => [reason, lead._id, other._id])).toEqual([
        ['close_name_same_location', id(11), id(10)],
        ['gmail_variant', id(5), id(4)],
        ['same_phone', id(3), id(2)],
      ]);
    });

    itKeepsEveryRow(upgrade, provider, {
      staff_users: 3,
      staff_sessions: 4,
      stages: 9,
      app_settings: 2,
      leads: 20,
      lead_tags: 10,
      calls: 7,
      webhook_events: 7,
      lead_notes: 5,
      lead_consents: 6,
      lead_activities: 83,
      dnd_numbers: 3,
      call_refusals: 3,
      saved_views: 4,
      jobs: 4,
      job_items: 7,
      job_files: 1,
      erasures: 1,
      erased_identifiers: 2,
      vapi_call_deletions: 2,
      daily_runs: 2,
      access_log: 18,
    });

    it('serves every lead with its pipeline fields: stage (a custom one, an archived one), owner, tags as written, lost reason, archived, Do Not Call, previously erased', async () => {
      const list = await get('/api/leads?limit=50').expect(200);
      expect(list.headers['x-total-count']).toBe('18');
      expect(list.body.map((lead: { _id: string }) => lead._id)).toEqual([11, 16, 5, 15, 20, 8, 6, 14, 3, 17, 9, 19, 10, 4, 2, 1, 7].map(id).concat(IMPORTED_LEAD));
      expect((await get('/api/leads?archived=true').expect(200)).body.map((lead: { _id: string }) => lead._id)).toEqual([id(13), id(12)]);

      const expected = [
        { ...FRESH, _id: id(1), name: 'Priya Sharma', email: 'priya.sharma@gmail.com', phone: '+919876543210', location: 'Baner, Pune', stage: SITE_VISIT_SCHEDULED, owner: RAHUL, tags: ['VIP', '3BHK'], version: 5 },
        { ...FRESH, _id: id(2), name: 'Rajesh Kumar', email: 'rajesh.kumar1978@yahoo.com', phone: '+919811122233', location: 'Sector 56, Gurugram', stage: CONTACTED, owner: RAHUL, tags: ['Family', 'Weekend only'], version: 4 },
        { ...FRESH, _id: id(3), name: 'Sunita Kumar', email: null, phone: '+919811122233', location: 'Sector 56, Gurugram', stage: NEW, owner: RAHUL, tags: ['Family'], version: 2 },
        { ...FRESH, _id: id(4), name: 'Ananya Rao', email: 'ananya.rao@gmail.com', phone: '+919845012345', location: 'Whitefield, Bengaluru', stage: CONTACTED, owner: SUNITA, version: 3 },
        { ...FRESH, _id: id(5), name: 'Ananya R.', email: 'ananyarao+homes@googlemail.com', phone: null, location: 'Whitefield, Bengaluru', stage: NEW, owner: RAHUL },
        { ...FRESH, _id: id(6), name: 'Mohammed Iqbal Shaikh', email: 'iqbal.shaikh@rediffmail.com', phone: '+919820012345', location: 'Mumbra, Thane', stage: NEGOTIATION, owner: RAHUL, version: 2 },
        { ...FRESH, _id: id(7), name: 'Mohd Ikbal Sheikh', email: null, phone: '+919867054321', location: 'Mumbra, Thane', stage: NEW },
        { ...FRESH, _id: id(8), name: 'अमित वर्मा', email: null, phone: '+919312345678', location: 'Indirapuram, Ghaziabad', stage: SITE_VISIT_DONE, owner: SUNITA, version: 2, budget: '1.2 करोड़', timeline: 'अगले साल' },
        { ...FRESH, _id: id(9), name: 'Amit Verma', email: 'amit.verma84@gmail.com', phone: null, location: 'Indirapuram, Ghaziabad', stage: NEW },
        { ...FRESH, _id: id(10), name: 'José Fernandes', email: 'jose.fernandes@outlook.com', phone: '+919822334455', location: 'Margao, Goa', stage: CONTACTED, owner: SUNITA, tags: ['NRI'], version: 5, budget: 8500000 },
        { ...FRESH, _id: id(11), name: 'Jose Fernandes', email: 'j.o.s.e.fernandes@gmail.com', phone: null, location: 'Margao, Goa', stage: NEW, owner: RAHUL },
        {
          ...FRESH,
          _id: id(12),
          name: 'Vikram Singh',
          email: 'vikram.singh@hotmail.com',
          phone: '+919899001122',
          location: 'Aundh, Pune',
          stage: LOST,
          owner: RAHUL,
          tags: ['Investor'],
          lostReason: 'Bought elsewhere: a Godrej project in Hinjewadi',
          archived: true,
          version: 5,
        },
        { ...FRESH, _id: id(13), name: 'Deepak Nair', email: 'deepak.nair@example.in', phone: '+919447012345', location: 'Kakkanad, Kochi', stage: CHANNEL_PARTNER_VISIT, archived: true, version: 3, interestedIn: "Plot near Infopark; owner's quota" },
        { ...FRESH, _id: id(14), name: 'Harpreet Kaur', email: 'harpreet.kaur@gmail.com', phone: '+919814098140', location: 'Mohali', stage: CONTACTED, owner: SUNITA, doNotCall: true, doNotCallReason: 'Asked on a call', version: 3 },
        { ...FRESH, _id: id(15), name: 'Suresh Patil', email: null, phone: '+919822098220', location: 'Kothrud, Pune', stage: NEW, owner: SUNITA },
        { ...FRESH, _id: id(16), name: 'Kavita Joshi', email: null, phone: '+919823456710', location: 'Nashik', stage: NEW, owner: RAHUL, previouslyErased: true },
        { ...FRESH, _id: id(17), name: 'Walk-in at Kharadi site', email: null, phone: null, location: 'Kharadi, Pune', stage: NEW, version: 3 },
        { ...FRESH, _id: IMPORTED_LEAD, name: 'Farhan Qureshi', email: 'farhan.qureshi@gmail.com', phone: '+971501234567', location: 'Bandra West, Mumbai', stage: NEGOTIATION, owner: SUNITA, tags: ['Nri'], createdAt: '2026-10-02T10:00:00.000Z', source: 'MagicBricks' },
        { ...FRESH, _id: id(19), name: 'Lakshmi Narayanan', email: 'lakshmi.n@yahoo.co.in', phone: '+919840012345', location: 'Adyar, Chennai', stage: TOKEN_PAID, owner: SUNITA, tags: ['NRI', 'VIP'], version: 4 },
        { ...FRESH, _id: id(20), name: 'Arjun Malhotra', email: 'arjun.malhotra@gmail.com', phone: '+919810098100', location: 'Golf Course Road, Gurugram', stage: BOOKED, owner: RAHUL, version: 2 },
      ];
      expect(expected.map((lead) => lead._id).sort()).toEqual(upgrade.before.leads.map((lead) => lead.id).sort());
      for (const lead of expected) expect((await get(`/api/leads/${lead._id}`).expect(200)).body).toMatchObject(lead);
    });

    it('counts the board and the tags as the release left them, archived leads aside', async () => {
      expect((await get('/api/leads/board').expect(200)).body).toEqual([
        { stageId: 'stage-new', count: 8 },
        { stageId: 'stage-contacted', count: 4 },
        { stageId: 'stage-site-visit-scheduled', count: 1 },
        { stageId: 'stage-site-visit-done', count: 1 },
        { stageId: 'stage-negotiation', count: 2 },
        { stageId: TOKEN_PAID.id, count: 1 },
        { stageId: 'stage-booked', count: 1 },
        { stageId: 'stage-lost', count: 0 },
      ]);
      expect((await get('/api/tags').expect(200)).body).toEqual([
        { tag: 'NRI', count: 3 },
        { tag: 'Family', count: 2 },
        { tag: 'VIP', count: 2 },
        { tag: '3BHK', count: 1 },
        { tag: 'Weekend only', count: 1 },
      ]);
    });

    it('shows an agent (signed in since the release) her own leads and the unassigned ones, nobody else’s', async () => {
      const list = await upgrade.testApp.http.get('/api/leads?limit=50').set('Cookie', 'lead_desk_session=release-second-agent-session-token').expect(200);
      expect(list.body.map((lead: { _id: string }) => lead._id).sort()).toEqual([4, 7, 8, 9, 10, 14, 15, 17, 19].map(id).concat(IMPORTED_LEAD).sort());
    });

    it('serves every note, activity entry and consent of every lead as the release stored it', async () => {
      const { after } = upgrade;
      const actor = (staffId: unknown) => (staffId === null ? null : { id: staffId, name: after.staff_users.find((staff) => staff.id === staffId)!.name });
      for (const lead of after.leads) {
        const ofLead = (rows: Row[]) => rows.filter((row) => row.lead_id === lead.id);
        const notes = newestFirst(ofLead(after.lead_notes), 'created_at').map((note) => ({
          id: note.id,
          leadId: note.lead_id,
          body: note.body,
          author: actor(note.author_id),
          createdAt: isoTime(note.created_at),
          updatedAt: isoTime(note.updated_at),
        }));
        const entries = newestFirst(ofLead(after.lead_activities), 'at').map((entry) => ({
          id: entry.id,
          leadId: entry.lead_id,
          type: entry.type,
          at: isoTime(entry.at),
          actor: actor(entry.actor_id),
          data: JSON.parse(entry.data as string),
        }));
        const consents = newestFirst(ofLead(after.lead_consents), 'given_at').map((consent) => ({
          id: consent.id,
          leadId: consent.lead_id,
          channel: consent.channel,
          purpose: consent.purpose,
          wording: consent.wording,
          givenAt: isoTime(consent.given_at),
          evidence: JSON.parse(consent.evidence as string),
          withdrawnAt: consent.withdrawn_at === null ? null : isoTime(consent.withdrawn_at),
          withdrawnVia: consent.withdrawn_via,
          withdrawnEvidence: consent.withdrawn_evidence === null ? null : JSON.parse(consent.withdrawn_evidence as string),
        }));
        expect({ lead: lead.id, notes: (await get(`/api/leads/${lead.id}/notes`).expect(200)).body }).toMatchObject({ lead: lead.id, notes });
        expect({ lead: lead.id, entries: (await get(`/api/leads/${lead.id}/activity?limit=200`).expect(200)).body }).toMatchObject({ lead: lead.id, entries });
        expect({ lead: lead.id, consents: (await get(`/api/leads/${lead.id}/consents`).expect(200)).body }).toMatchObject({ lead: lead.id, consents });
      }

      // One timeline and its consent in full, to hold the comparison above to what the release meant.
      expect((await get(`/api/leads/${id(14)}/activity`).expect(200)).body.map((entry: { type: string }) => entry.type)).toEqual([
        'stage_changed',
        'consent_withdrawn',
        'do_not_call_changed',
        'call',
        'consent_given',
        'assigned',
        'created',
      ]);
      expect((await get(`/api/leads/${id(14)}/consents`).expect(200)).body).toEqual([
        {
          id: id(702),
          leadId: id(14),
          channel: 'web_form',
          purpose: 'Calls about properties that match their enquiry',
          wording: 'I agree to be contacted about properties matching my enquiry.',
          givenAt: '2026-11-21T14:00:00.000Z',
          evidence: { kind: 'web_form', submission: { form: 'enquiry', page: '/projects/mohali-greens', consent: true } },
          withdrawnAt: '2026-11-22T05:00:50.000Z',
          withdrawnVia: 'voice_call',
          withdrawnEvidence: { kind: 'voice_call', callId: id(103), vapiCallId: 'release2-call-outbound-1', transcriptLines: ['User: Please do not call me again.'] },
        },
      ]);
      expect((await get(`/api/leads/${id(12)}/notes`).expect(200)).body).toMatchObject([{ id: id(505), body: 'Compared with Godrej Hinjewadi; price gap 8 lakh.', author: null }]);
    });

    it('finds old leads by search in any script, archived ones only when asked: the search index came through the upgrade', async () => {
      for (const [query, names] of [
        ['q=gmail.com', ['Jose Fernandes', 'Arjun Malhotra', 'Harpreet Kaur', 'Amit Verma', 'Ananya Rao', 'Priya Sharma', 'Farhan Qureshi']],
        ['q=googlemail', ['Ananya R.']],
        [`q=${encodeURIComponent('वर्मा')}`, ['अमित वर्मा']],
        [`q=${encodeURIComponent('José')}`, ['José Fernandes']],
        ['q=fernandes', ['Jose Fernandes', 'José Fernandes']],
        ['q=mumbra', ['Mohammed Iqbal Shaikh', 'Mohd Ikbal Sheikh']],
        ['q=vikram', []],
        ['q=vikram&archived=true', ['Vikram Singh']],
      ] as const) {
        const found = await get(`/api/leads?${query}`).expect(200);
        expect({ query, names: found.body.map((lead: { name: string }) => lead.name) }).toEqual({ query, names });
      }
    });

    it('serves every call with its values: a purged transcript stays purged, a queued call stays queued', async () => {
      for (const call of upgrade.after.calls) {
        expect((await get(`/api/calls/${call.id}`).expect(200)).body).toMatchObject({ id: call.id, vapiCallId: call.vapi_call_id, leadId: call.lead_id });
      }
      expect((await get(`/api/calls/${id(101)}`).expect(200)).body).toMatchObject({
        type: 'webCall',
        status: 'ended',
        customerNumber: null,
        durationSeconds: 192.5,
        cost: 0.2134,
        recordingUrl: 'https://storage.vapi.ai/release2-call-web-1-mono.wav',
        structuredData: { name: 'Priya Sharma', email: 'priya.sharma@gmail.com', budget: 9500000, qualified: true, loan_needed: true },
        structuredOutputs: {
          lead: { name: 'Priya Sharma', email: 'priya.sharma@gmail.com', location: 'Pune', interestedIn: '3 BHK Apartment', budget: 9500000, qualified: true, loan_needed: true },
          consent: true,
        },
        successEvaluation: 'true',
      });
      expect((await get(`/api/calls/${id(104)}`).expect(200)).body.transcript).toBe('AI: Namaste! This is Riya from Lead Desk Realty.\nUser: मुझे नासिक में 2 BHK चाहिए, बजट 55 लाख।');
      expect((await get(`/api/calls/${id(105)}`).expect(200)).body).toMatchObject({
        summary: 'Vikram is comparing a 4 BHK penthouse in Aundh with projects in Hinjewadi.',
        transcript: null,
        recordingUrl: null,
        updatedAt: '2026-11-23T18:30:02.000Z',
      });
      expect((await get(`/api/calls/${id(107)}`).expect(200)).body).toMatchObject({ status: 'queued', endedReason: null, startedAt: null, transcript: null });
    });

    it('keeps staff signed in where they were, signed out where they were, their passwords and availability', async () => {
      expect((await get('/api/auth/me').expect(200)).body).toMatchObject({ authMode: 'staff', staff: { id: MEERA.id, role: 'admin' } });
      const sunita = await upgrade.testApp.http.get('/api/auth/me').set('Cookie', 'lead_desk_session=release-second-agent-session-token').expect(200);
      expect(sunita.body.staff).toMatchObject({ id: SUNITA.id, role: 'agent' });
      for (const token of ['release-agent-session-token', 'release-expired-session-token']) {
        await upgrade.testApp.http.get('/api/auth/me').set('Cookie', `lead_desk_session=${token}`).expect(401);
      }
      expect((await get('/api/staff').expect(200)).body.map(({ email, available }: { email: string; available: boolean }) => ({ email, available }))).toEqual([
        { email: 'meera@leaddesk.example.in', available: true },
        { email: 'rahul@leaddesk.example.in', available: true },
        { email: 'sunita@leaddesk.example.in', available: false },
      ]);
      for (const [email, password] of [
        ['rahul@leaddesk.example.in', 'release agent password'],
        ['sunita@leaddesk.example.in', 'release second agent password'],
      ]) {
        await upgrade.testApp.http.post('/api/auth/sign-in').send({ email, password }).expect(200);
      }
    });

    it('serves the jobs: progress and refusals, the export’s CSV of the leads it selected, an import still waiting', async () => {
      const createdBy = { id: MEERA.id, name: MEERA.name };
      expect((await get(`/api/jobs/${id(901)}`).expect(200)).body).toEqual({
        id: id(901),
        kind: 'bulk',
        status: 'succeeded',
        action: { type: 'assign', ownerId: RAHUL.id },
        total: 3,
        processed: 3,
        changed: 3,
        created: 0,
        possibleDuplicates: 0,
        skipped: 0,
        errors: [],
        error: null,
        createdBy,
        createdAt: '2026-11-21T06:00:00.000Z',
        finishedAt: '2026-11-21T06:00:01.200Z',
        download: null,
      });
      expect((await get(`/api/jobs/${id(902)}`).expect(200)).body).toMatchObject({
        kind: 'import',
        status: 'failed',
        action: null,
        total: 4,
        processed: 2,
        changed: 1,
        created: 1,
        skipped: 1,
        errors: [{ id: null, line: 3, field: 'phone', message: '98765 is not a valid phone number' }],
        error: "Stopped after repeated failures: Can't reach database server",
        createdBy,
      });
      expect((await get(`/api/jobs/${id(903)}`).expect(200)).body).toMatchObject({ action: { type: 'export' }, status: 'succeeded', total: 4, download: `/api/jobs/${id(903)}/export.csv` });
      expect((await get(`/api/jobs/${id(904)}`).expect(200)).body).toMatchObject({ kind: 'import', status: 'queued', total: 2, processed: 0, finishedAt: null });

      const csv = (await get(`/api/jobs/${id(903)}/export.csv`).expect(200)).text.split('\r\n');
      expect(csv[0]).toBe('\uFEFF_id,name,email,location,qualified,createdAt,source,phone,interestedIn,budget,timeline,loan_needed,stage,owner,tags,lostReason,consent,doNotCall,lastActivityAt');
      expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([id(19), id(10), id(4), id(1), '']);
    });

    it('serves the erasure with its Vapi deletion, and the access log as recorded (an entry by a removed account included)', async () => {
      expect((await get(`/api/privacy/erasures/${id(1201)}`).expect(200)).body).toEqual({
        id: id(1201),
        at: '2026-11-22T10:00:00.000Z',
        requestedBy: 'The customer by email (ticket 4412)',
        carriedOutBy: MEERA.id,
        records: {
          leadIds: [id(99)],
          callIds: [id(199)],
          deleted: { webhook_events: 1, job_items: 0, calls: 1, lead_notes: 0, lead_tags: 0, lead_activities: 3, leads: 1 },
        },
        vapiDeletions: [{ vapiCallId: 'release2-call-erased-1', attempts: 2, confirmedAt: '2026-11-22T10:00:31.500Z', lastError: null }],
      });

      const { after } = upgrade;
      const stored = new Set(after.access_log.map((entry) => entry.id));
      const served = (await get('/api/audit?limit=200').expect(200)).body.filter((entry: { id: string }) => stored.has(entry.id));
      expect(served).toEqual(
        newestFirst(after.access_log, 'at').map((entry) => ({
          id: entry.id,
          at: isoTime(entry.at),
          actor: entry.actor_id === null ? null : { id: entry.actor_id, name: after.staff_users.find((staff) => staff.id === entry.actor_id)?.name ?? null },
          action: entry.action,
          leadId: entry.lead_id,
          targetIds: JSON.parse(entry.target_ids as string),
          details: JSON.parse(entry.details as string),
        })),
      );
      expect(served.at(-1)).toEqual({ id: id(1101), at: '2026-11-19T15:10:00.000Z', actor: { id: id(399), name: null }, action: 'lead_viewed', leadId: id(13), targetIds: [], details: {} });
    });

    it('keeps the team’s setup working: stages, assignment, the DND list, calling rules, refusals, saved views, the webhook inbox', async () => {
      expect((await get('/api/stages').expect(200)).body).toEqual([
        { ...NEW, position: 1, archived: false },
        { ...CONTACTED, position: 2, archived: false },
        { ...SITE_VISIT_SCHEDULED, position: 3, archived: false },
        { ...SITE_VISIT_DONE, position: 4, archived: false },
        { ...NEGOTIATION, position: 5, archived: false },
        { ...TOKEN_PAID, position: 6, archived: false },
        { ...BOOKED, position: 7, archived: false },
        { ...LOST, position: 8, archived: false },
        { ...CHANNEL_PARTNER_VISIT, position: 9, archived: true },
      ]);
      expect((await get('/api/settings/assignment').expect(200)).body).toEqual({ mode: 'round-robin' });
      expect((await get('/api/dnd-list').expect(200)).body).toEqual({ count: 3, uploadedAt: '2026-11-22T08:30:00.000Z', uploadedBy: { id: MEERA.id, name: MEERA.name }, mode: 'replace' });
      expect((await get(`/api/leads/${id(14)}/call-eligibility`).expect(200)).body).toMatchObject({ allowed: false, code: 'do_not_call', reason: 'This lead is Do Not Call: Asked on a call.' });
      expect((await get(`/api/leads/${id(15)}/call-eligibility`).expect(200)).body).toMatchObject({ allowed: false, code: 'dnd_list' });
      expect((await get(`/api/leads/${id(1)}/call-eligibility`).expect(200)).body).toMatchObject({ allowed: true });
      expect((await get('/api/calls/refusals').expect(200)).body.refusals.map(({ id, code, leadName }: { id: string; code: string; leadName: string }) => ({ id, code, leadName }))).toEqual([
        { id: id(1003), code: 'outside_hours', leadName: 'José Fernandes' },
        { id: id(1002), code: 'dnd_list', leadName: 'Suresh Patil' },
        { id: id(1001), code: 'do_not_call', leadName: 'Harpreet Kaur' },
      ]);
      expect((await get('/api/views').expect(200)).body).toMatchObject([
        { id: id(801), name: 'Channel partner leads', shared: false, filter: { status: 'all', archived: true }, dropped: [{ field: 'stage', value: CHANNEL_PARTNER_VISIT.id }], count: 2 },
        { id: id(803), name: 'Gmail enquiries', shared: true, owner: { id: SUNITA.id, name: SUNITA.name }, filter: { status: 'all', q: 'gmail', archived: false }, dropped: [], count: 7 },
        { id: id(802), name: 'Hot NRI leads', shared: true, filter: { status: 'qualified', tag: ['nri'], archived: false }, dropped: [], count: 3 },
      ]);
      expect((await get('/api/webhooks/events?status=failed').expect(200)).body.events).toMatchObject([
        { id: id(205), vapiCallId: 'release2-call-lost-1', status: 'failed', attempts: 5, error: 'Processing failed: the database is unavailable' },
      ]);
      expect((await get('/api/webhooks/events?status=unattributable').expect(200)).body.events).toMatchObject([{ id: id(206), vapiCallId: null, status: 'unattributable' }]);
    });
  });
});

/** A time column as the API writes it: SQLite keeps the release's text, PostgreSQL gives a Date. */
function isoTime(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

/** Rows as a timeline route orders them: newest first, the later id first at the same time. */
function newestFirst(rows: Row[], timeColumn: string): Row[] {
  const key = (row: Row) => `${isoTime(row[timeColumn])} ${row.id as string}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}
