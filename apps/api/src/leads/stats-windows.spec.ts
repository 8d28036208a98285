import { lastLocalDays, statsWindows } from './stats-windows';

describe('statsWindows', () => {
  it('starts months and days at local midnight in the given zone', () => {
    // 2026-03-01 02:00 in Kolkata is still February in UTC and in New York.
    const now = new Date('2026-02-28T20:30:00Z');
    expect(statsWindows(now, 'Asia/Kolkata')).toEqual({
      thisMonthStart: new Date('2026-02-28T18:30:00Z'),
      nextMonthStart: new Date('2026-03-31T18:30:00Z'),
      lastMonthStart: new Date('2026-01-31T18:30:00Z'),
      todayStart: new Date('2026-02-28T18:30:00Z'),
      tomorrowStart: new Date('2026-03-01T18:30:00Z'),
    });
    expect(statsWindows(now, 'America/New_York')).toMatchObject({
      thisMonthStart: new Date('2026-02-01T05:00:00Z'),
      lastMonthStart: new Date('2026-01-01T05:00:00Z'),
      todayStart: new Date('2026-02-28T05:00:00Z'),
    });
  });

  it('follows daylight saving time changes', () => {
    // New York moves to UTC-4 on 2026-03-08: April starts at 04:00 UTC, March at 05:00 UTC.
    const windows = statsWindows(new Date('2026-03-20T12:00:00Z'), 'America/New_York');
    expect(windows.thisMonthStart).toEqual(new Date('2026-03-01T05:00:00Z'));
    expect(windows.nextMonthStart).toEqual(new Date('2026-04-01T04:00:00Z'));
  });

  it('wraps the year in January', () => {
    const windows = statsWindows(new Date('2026-01-15T00:00:00Z'), 'UTC');
    expect(windows.lastMonthStart).toEqual(new Date('2025-12-01T00:00:00Z'));
  });
});

describe('lastLocalDays', () => {
  it('lists the calendar days in the zone, oldest first, today last', () => {
    // 02:00 on 1 March in Kolkata is still 28 February in UTC.
    const days = lastLocalDays(new Date('2026-02-28T20:30:00Z'), 'Asia/Kolkata', 3);
    expect(days).toEqual([
      { date: '2026-02-27', start: new Date('2026-02-26T18:30:00Z'), end: new Date('2026-02-27T18:30:00Z') },
      { date: '2026-02-28', start: new Date('2026-02-27T18:30:00Z'), end: new Date('2026-02-28T18:30:00Z') },
      { date: '2026-03-01', start: new Date('2026-02-28T18:30:00Z'), end: new Date('2026-03-01T18:30:00Z') },
    ]);
  });

  it('gives the day daylight saving time starts 23 hours, and the days stay contiguous', () => {
    const days = lastLocalDays(new Date('2026-03-09T15:00:00Z'), 'America/New_York', 3);
    expect(days.map((day) => day.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(days.map((day) => (day.end.getTime() - day.start.getTime()) / 3_600_000)).toEqual([24, 23, 24]);
    for (let i = 1; i < days.length; i += 1) expect(days[i].start).toEqual(days[i - 1].end);
  });
});
