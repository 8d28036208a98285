import type { DailyLeadCount } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { insertLeads, type LeadFixture } from './support/lead-fixtures';

// Kolkata (UTC+5:30) and New York (UTC-5/-4) start their days 9-10 hours apart, so
// leads placed just around a Kolkata midnight fall on different days in each zone.
const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

describe.each(PROVIDERS)('GET /api/leads/stats/daily on %s', (provider) => {
  let testApp: TestApp;
  const today = DateTime.now().setZone(KOLKATA).startOf('day');
  const at = (time: DateTime) => time.toJSDate();
  const leads: LeadFixture[] = [
    { name: 'Today first instant', qualified: true, createdAt: at(today) },
    { name: 'Today later', qualified: false, createdAt: at(today.plus({ minutes: 5 })) },
    { name: 'Yesterday last instant', qualified: false, createdAt: at(today.minus({ milliseconds: 1 })) },
    { name: 'Oldest day in range', qualified: true, createdAt: at(today.minus({ days: 29 })) },
    { name: 'Just before the range', qualified: true, createdAt: at(today.minus({ days: 29, milliseconds: 1 })) },
  ];

  beforeAll(async () => {
    testApp = await startTestApp(provider, { APP_TIME_ZONE: KOLKATA });
    await insertLeads(testApp, leads);
  });
  afterAll(() => testApp.close());

  /** What the answer must be in `zone`, counted here from the fixtures with the zone's own calendar. */
  function expectedIn(zone: string, days: number): DailyLeadCount[] {
    const last = DateTime.now().setZone(zone).startOf('day');
    return Array.from({ length: days }, (_, index) => {
      const start = last.minus({ days: days - 1 - index });
      const onDay = leads.filter((lead) => lead.createdAt >= at(start) && lead.createdAt < at(start.plus({ days: 1 })));
      return {
        date: start.toISODate()!,
        qualified: onDay.filter((lead) => lead.qualified).length,
        unqualified: onDay.filter((lead) => !lead.qualified).length,
      };
    });
  }

  it('counts the last 30 days in the app time zone by default, oldest first, today last', async () => {
    const response = await testApp.http.get('/api/leads/stats/daily').expect(200);
    const body = response.body as DailyLeadCount[];
    expect(body).toEqual(expectedIn(KOLKATA, 30));
    // The boundary leads themselves, independently of the helper above:
    expect(body.at(-1)).toEqual({ date: today.toISODate(), qualified: 1, unqualified: 1 });
    expect(body.at(-2)).toMatchObject({ unqualified: 1 });
    expect(body[0]).toEqual({ date: today.minus({ days: 29 }).toISODate(), qualified: 1, unqualified: 0 });
    expect(body.reduce((sum, day) => sum + day.qualified + day.unqualified, 0)).toBe(4);
  });

  it('counts in the time zone and over the number of days the client asks for', async () => {
    const newYork = (await testApp.http.get('/api/leads/stats/daily').query({ tz: NEW_YORK, days: 7 }).expect(200)).body;
    expect(newYork).toEqual(expectedIn(NEW_YORK, 7));
    const kolkata = (await testApp.http.get('/api/leads/stats/daily').query({ tz: KOLKATA, days: 7 }).expect(200)).body;
    // Kolkata's midnight is the afternoon before in New York: the two leads around it share a day there.
    expect(newYork).not.toEqual(kolkata);
  });

  it.each([
    [{ tz: 'Mars/Olympus' }, 'tz', 'IANA'],
    [{ days: 0 }, 'days', 'at least 1'],
    [{ days: 367 }, 'days', 'at most 366'],
    [{ days: 'many' }, 'days', 'number'],
  ])('rejects %o naming the field', async (query, field, message) => {
    const response = await testApp.http.get('/api/leads/stats/daily').query(query).expect(400);
    expect(response.body.errors).toEqual([{ field, message: expect.stringContaining(message) }]);
  });
});
