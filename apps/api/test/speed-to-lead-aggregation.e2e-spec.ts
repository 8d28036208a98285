import { presetPeriod, SPEED_TO_LEAD_PRESETS, type SpeedToLeadReport } from '@lead-desk/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { Database } from '../src/database/database';
import { parseDatabaseUrl } from '../src/database/database-url';
import { SqliteAggregateReader } from '../src/database/sqlite/sqlite-aggregate-reader';
import { sql } from '../src/database/sql';
import { freshLead } from '../src/leads/fresh-lead';
import { LeadsRepository } from '../src/leads/leads.repository';
import { SpeedReportWarmer } from '../src/reports/speed-to-lead/speed-report-warmer';
import { SpeedToLeadRepository, type ReportScope } from '../src/reports/speed-to-lead/speed-to-lead.repository';
import { StagesRepository } from '../src/stages/stages.repository';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS, TEST_POSTGRES_URL } from './support/test-database';

const REPORT = '/api/reports/speed-to-lead';
const ZONE = 'Asia/Kolkata';
/** The rounds are started by hand here: a test knows when one has ended. */
const ENV = { ...STAFF_MODE_ENV, APP_TIME_ZONE: ZONE, SPEED_REPORT_WARM_SECONDS: '0' };
/** Leads of today, their times to the millisecond, so the percentiles interpolate between uneven neighbours. */
const LEADS_TODAY = 37;

/**
 * How the report is aggregated, not what it says (speed-to-lead.e2e-spec.ts holds its figures):
 * on connections of its own, off the API's event loop (SQLite: a worker thread), rows equal to
 * the read side's; and the panel's periods kept ready before anyone asks.
 */
describe.each(PROVIDERS)('the speed-to-lead aggregation on %s', (provider) => {
  let testApp: TestApp;
  let database: Database;
  let admin: StaffSession;
  let agent: StaffSession;
  const today = () => presetPeriod('today', new Date(), ZONE);

  beforeAll(async () => {
    testApp = await startTestApp(provider, ENV);
    database = testApp.app.get(Database);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Chitra Iyer');
    const leads = testApp.app.get(LeadsRepository);
    const entryStageId = await testApp.app.get(StagesRepository).entryStageId();
    const arrival = Date.now() - 60_000;
    await database.transaction(async (tx) => {
      for (let index = 0; index < LEADS_TODAY; index += 1) {
        const ownerId = index % 3 === 0 ? null : index % 3 === 1 ? agent.id : admin.id;
        const source = ['web form', 'facebook ads', '99acres'][index % 3];
        await leads.create({ name: `Lead ${index}`, source, ...freshLead(entryStageId), ownerId, createdAt: new Date(arrival - index * 1_000) }, tx);
      }
      // Milestones at uneven offsets (a prime number of milliseconds apart); some leads reach none.
      await tx.$executeRaw`UPDATE lead_response_times SET first_attempt_at = ${new Date(arrival + 1_234)} WHERE lead_id IN (SELECT id FROM leads WHERE name LIKE ${'Lead 1%'})`;
      await tx.$executeRaw`UPDATE lead_response_times SET first_conversation_at = ${new Date(arrival + 98_765)}, first_owner_action_at = ${new Date(arrival + 4_567)} WHERE lead_id IN (SELECT id FROM leads WHERE name LIKE ${'Lead 2%'})`;
      await tx.$executeRaw`UPDATE lead_response_times SET first_attempt_at = ${new Date(arrival + 300_007)} WHERE lead_id IN (SELECT id FROM leads WHERE name LIKE ${'Lead 3%'})`;
    });
  });
  afterAll(() => testApp.close());

  it("aggregates through its own reader, whose rows equal the read side's", async () => {
    const reports = testApp.app.get(SpeedToLeadRepository);
    const start = new Date(Date.now() - 86_400_000);
    const scopes: ReportScope[] = [
      { from: start, before: new Date(Date.now() + 86_400_000), ownerId: null },
      { from: start, before: new Date(Date.now() + 86_400_000), ownerId: agent.id },
    ];
    const everyQuery = (scope: ReportScope) => Promise.all([reports.overall(scope), reports.bySource(scope), reports.byAgent(scope), reports.waiting(scope)]);
    const aggregated = jest.spyOn(database, 'aggregateRows');
    const byAggregates = await Promise.all(scopes.map(everyQuery));
    expect(aggregated).toHaveBeenCalledTimes(8);
    aggregated.mockImplementation((query) => database.rows(query));
    const byReadSide = await Promise.all(scopes.map(everyQuery));
    aggregated.mockRestore();
    expect(byAggregates).toEqual(byReadSide);
    expect(byAggregates[0][0][0]).toMatchObject({ leads: LEADS_TODAY });
  });

  it('keeps the panel’s periods ready for everyone and for each agent: their first request aggregates nothing', async () => {
    await testApp.app.get(SpeedReportWarmer).warmPresets();
    const aggregated = jest.spyOn(database, 'aggregateRows');
    try {
      const now = new Date();
      for (const session of [admin, agent]) {
        for (const preset of SPEED_TO_LEAD_PRESETS) {
          const body = (await session.agent.get(REPORT).query(presetPeriod(preset, now, ZONE)).expect(200)).body as SpeedToLeadReport;
          expect(body.overall.leads).toBe(session === admin ? LEADS_TODAY : Math.floor(LEADS_TODAY / 3));
          expect(Date.parse(body.computedAt)).toBeLessThanOrEqual(Date.now());
        }
      }
      expect(aggregated).not.toHaveBeenCalled();
    } finally {
      aggregated.mockRestore();
    }
  });

  it('aggregates a preset again in the next round once the data changed', async () => {
    const before = (await admin.agent.get(REPORT).query(today()).expect(200)).body as SpeedToLeadReport;
    const entryStageId = await testApp.app.get(StagesRepository).entryStageId();
    await database.transaction((tx) => testApp.app.get(LeadsRepository).create({ name: 'Latecomer', source: 'web form', ...freshLead(entryStageId), createdAt: new Date() }, tx));
    await testApp.app.get(SpeedReportWarmer).warmPresets();
    const after = (await admin.agent.get(REPORT).query(today()).expect(200)).body as SpeedToLeadReport;
    expect(after.overall.leads).toBe(before.overall.leads + 1);
    expect(Date.parse(after.computedAt)).toBeGreaterThanOrEqual(Date.parse(before.computedAt));
  });

  if (provider === 'sqlite') {
    it('answers other requests while a report is being aggregated (the worker thread is held busy), then the report', async () => {
      const aggregates = (database as unknown as { aggregates: SqliteAggregateReader }).aggregates;
      expect(aggregates).toBeInstanceOf(SqliteAggregateReader);
      // A period no one has asked for: nothing kept, its answer needs the aggregation.
      const period = { from: '2026-01-01', to: '2026-12-31', tz: ZONE };
      const release = aggregates.hold();
      let reportAnswered = false;
      const report = admin.agent
        .get(REPORT)
        .query(period)
        .then((response) => {
          reportAnswered = true;
          return response;
        });
      try {
        const list = await admin.agent.get('/api/leads').query({ limit: 5 }).expect(200);
        expect(list.body).toHaveLength(5);
        await admin.agent.get('/api/health').expect(200);
        expect(reportAnswered).toBe(false);
      } finally {
        release();
      }
      const answered = await report;
      expect(answered.status).toBe(200);
      expect((answered.body as SpeedToLeadReport).overall.leads).toBe(LEADS_TODAY + 1);
      // The thread stays usable after being held.
      expect(await database.aggregateRows(sql`SELECT count(*) AS leads FROM lead_response_times`)).toEqual([{ leads: LEADS_TODAY + 1 }]);
    });
  }

  if (provider === 'postgresql') {
    it('answers other requests while a report is being aggregated (its queries wait on a lock), and the report once its queries waited longer than a connection attempt may', async () => {
      const target = parseDatabaseUrl(testApp.database.url);
      if (target.provider !== 'postgresql') throw new Error('a PostgreSQL test database');
      const locker = new Client({ connectionString: TEST_POSTGRES_URL });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query(`LOCK TABLE "${target.schema}".lead_response_times IN ACCESS EXCLUSIVE MODE`);
        let reportAnswered = false;
        const report = admin.agent
          .get(REPORT)
          .query({ from: '2026-01-01', to: '2026-12-31', tz: ZONE })
          .then((response) => {
            reportAnswered = true;
            return response;
          });
        try {
          // More lists at once than the read pool has connections: none waits behind the report's queries.
          const lists = await Promise.all(Array.from({ length: 6 }, () => admin.agent.get('/api/leads').query({ limit: 5 }).expect(200)));
          expect(lists.map((list) => list.body.length)).toEqual([5, 5, 5, 5, 5, 5]);
          // Longer than a pool's query waits for a connection by default (5 s): the report's other queries wait this long for its first.
          await sleep(6_000);
          expect(reportAnswered).toBe(false);
        } finally {
          await locker.query('COMMIT');
        }
        const answered = await report;
        expect(answered.status).toBe(200);
        expect((answered.body as SpeedToLeadReport).overall.leads).toBe(LEADS_TODAY + 1);
      } finally {
        await locker.end();
      }
    });
  }
});
