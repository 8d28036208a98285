import { statsWindows } from './stats-windows';

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
