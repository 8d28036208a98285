import { DateTime } from 'luxon';
import { hoursWithin, isWorkingNow, nextWorkingMoment, parseDailyHours, type AgentHours } from './agent-hours';

const ZONE = 'Asia/Kolkata';
const kolkata = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();

describe('agent hours', () => {
  const calling = parseDailyHours('09:00-21:00')!;
  const rules: AgentHours = { hours: hoursWithin(parseDailyHours('10:00-22:30')!, calling), holidays: new Set(['2026-11-28']), timeZone: ZONE };

  it('keeps a member to the part of their hours inside the calling hours', () => {
    expect(rules.hours).toEqual({ text: '10:00-21:00', startMinute: 600, endMinute: 1260 });
    expect(hoursWithin(parseDailyHours('06:00-08:00')!, calling)).toBeNull();
    expect(parseDailyHours('18:00-09:00')).toBeNull();
    expect(parseDailyHours('00:00-24:00')).toMatchObject({ startMinute: 0, endMinute: 1440 });
  });

  it('tells whether a member works now, and when they next do, holidays skipped', () => {
    expect(isWorkingNow(rules, kolkata('2026-11-27T10:00'))).toBe(true);
    expect(isWorkingNow(rules, kolkata('2026-11-27T21:00'))).toBe(false);
    expect(nextWorkingMoment(rules, kolkata('2026-11-27T21:00'))).toEqual(kolkata('2026-11-29T10:00'));
    expect(nextWorkingMoment(rules, kolkata('2026-11-27T09:15'))).toEqual(kolkata('2026-11-27T10:00'));
    expect(nextWorkingMoment({ ...rules, hours: null }, kolkata('2026-11-27T09:15'))).toBeNull();
  });
});
