import { DateTime } from 'luxon';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { insertLeads, type LeadFixture } from './support/lead-fixtures';

// The month boundaries of Kolkata (UTC+5:30) and New York (UTC-5/-4) are 9-10 hours
// apart, so leads placed just around them count in different months in each zone.
const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

function boundaries(zone: string) {
  const now = DateTime.now().setZone(zone);
  return { thisMonth: now.startOf('month'), lastMonth: now.startOf('month').minus({ months: 1 }), today: now.startOf('day') };
}

describe.each(PROVIDERS)('GET /api/leads/stats on %s', (provider) => {
  let testApp: TestApp;
  const kolkata = boundaries(KOLKATA);
  const at = (time: DateTime) => time.toJSDate();

  beforeAll(async () => {
    testApp = await startTestApp(provider, { APP_TIME_ZONE: KOLKATA });
    const leads: LeadFixture[] = [
      // Exactly at the start of this month in Kolkata: this month there, last month in New York.
      { name: 'First instant', qualified: false, createdAt: at(kolkata.thisMonth) },
      // One millisecond before: last month in Kolkata.
      { name: 'Last instant', qualified: false, createdAt: at(kolkata.thisMonth.minus({ milliseconds: 1 })) },
      { name: 'Start of last month', qualified: true, createdAt: at(kolkata.lastMonth) },
      { name: 'Two months ago', qualified: false, createdAt: at(kolkata.lastMonth.minus({ milliseconds: 1 })) },
      { name: 'Voice today', qualified: true, source: 'voice bot', createdAt: at(kolkata.today.plus({ minutes: 1 })) },
      { name: 'Form today', qualified: false, source: 'web form', createdAt: at(kolkata.today.plus({ minutes: 2 })) },
      { name: 'Voice yesterday', qualified: true, source: 'voice bot', createdAt: at(kolkata.today.minus({ minutes: 1 })) },
    ];
    await insertLeads(testApp, leads);
  });
  afterAll(() => testApp.close());

  /** What the stats must be in `zone`, counted here from the same fixtures. */
  function expectedIn(zone: string, leads: { createdAt: Date; qualified: boolean; source: string }[]) {
    const { thisMonth, lastMonth, today } = boundaries(zone);
    const within = (date: Date, from: DateTime, to: DateTime) => date >= at(from) && date < at(to);
    const thisM = leads.filter((l) => within(l.createdAt, thisMonth, thisMonth.plus({ months: 1 })));
    const lastM = leads.filter((l) => within(l.createdAt, lastMonth, thisMonth));
    return {
      total: leads.length,
      qualified: leads.filter((l) => l.qualified).length,
      unqualified: leads.filter((l) => !l.qualified).length,
      thisMonth: thisM.length,
      lastMonth: lastM.length,
      unqualifiedThisMonth: thisM.filter((l) => !l.qualified).length,
      unqualifiedLastMonth: lastM.filter((l) => !l.qualified).length,
      processedToday: leads.filter((l) => l.source === 'voice bot' && within(l.createdAt, today, today.plus({ days: 1 }))).length,
    };
  }

  async function allLeads() {
    const response = await testApp.http.get('/api/leads').expect(200);
    return response.body.map((lead: { createdAt: string; qualified: boolean; source: string }) => ({ ...lead, createdAt: new Date(lead.createdAt) }));
  }

  it('counts calendar months and today in the app time zone by default', async () => {
    const response = await testApp.http.get('/api/leads/stats').expect(200);
    expect(response.body).toEqual(expectedIn(KOLKATA, await allLeads()));
    // The boundary leads themselves, independently of the helper above:
    expect(response.body.total).toBe(7);
    expect(response.body.lastMonth).toBeGreaterThanOrEqual(2);
  });

  it('counts in the time zone the client asks for', async () => {
    const kolkataStats = (await testApp.http.get('/api/leads/stats').query({ tz: KOLKATA }).expect(200)).body;
    const newYorkStats = (await testApp.http.get('/api/leads/stats').query({ tz: NEW_YORK }).expect(200)).body;
    expect(newYorkStats).toEqual(expectedIn(NEW_YORK, await allLeads()));
    // "First instant" falls in different months in the two zones.
    expect(newYorkStats).not.toEqual(kolkataStats);
  });

  it('rejects an unknown time zone naming tz', async () => {
    const response = await testApp.http.get('/api/leads/stats').query({ tz: 'Mars/Olympus' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'tz', message: expect.stringContaining('IANA') }]);
  });
});
