import { describe, expect, it } from 'vitest';
import { calendarDay, presetPeriod } from './speed-to-lead-periods';

describe('speed-to-lead preset periods', () => {
  it("counts days on the zone's own calendar: 20:00 UTC is already tomorrow in Kolkata", () => {
    const lateEvening = new Date('2026-11-10T20:00:00.000Z');
    expect(calendarDay(lateEvening, 'UTC')).toBe('2026-11-10');
    expect(calendarDay(lateEvening, 'Asia/Kolkata')).toBe('2026-11-11');
    expect(presetPeriod('today', lateEvening, 'Asia/Kolkata')).toEqual({ from: '2026-11-11', to: '2026-11-11', tz: 'Asia/Kolkata' });
    expect(presetPeriod('last7', lateEvening, 'America/New_York')).toEqual({ from: '2026-11-04', to: '2026-11-10', tz: 'America/New_York' });
    // Across a month's end and New York's change of clocks (1 November 2026).
    expect(presetPeriod('last30', new Date('2026-11-20T12:00:00.000Z'), 'America/New_York')).toEqual({ from: '2026-10-22', to: '2026-11-20', tz: 'America/New_York' });
  });
});
