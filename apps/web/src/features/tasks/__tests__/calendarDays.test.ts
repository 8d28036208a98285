import { describe, expect, it } from 'vitest';
import { aTask } from '../../../testing/taskFixtures';
import { addDays, dayOf, groupByDay, weekOf } from '../calendar/calendarDays';

describe('the calendar’s days', () => {
  it('takes an instant’s day in the time zone asked, not the browser’s', () => {
    // 20:00 UTC is already the next morning in India, still the same evening in New York.
    expect(dayOf('2026-11-28T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-11-29');
    expect(dayOf('2026-11-28T20:00:00.000Z', 'America/New_York')).toBe('2026-11-28');
    expect(dayOf('2026-11-28T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-11-28');
  });

  it('counts whole days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Europe and America change their clocks on these nights; calendar days stay days.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-11-01', 7)).toBe('2026-11-08');
  });

  it('makes a week of Monday to Sunday around any of its days', () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(weekOf('2026-11-23')).toEqual(week);
    expect(weekOf('2026-11-26')).toEqual(week);
    expect(weekOf('2026-11-29')).toEqual(week);
    expect(weekOf('2026-12-31')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('groups tasks under the day they fall on in the time zone, keeping their order, and leaves out other days', () => {
    const days = weekOf('2026-11-23');
    const monday = aTask({ id: 'mon', dueAt: '2026-11-23T04:30:00.000Z' });
    const lateSunday = aTask({ id: 'sun', dueAt: '2026-11-29T19:00:00.000Z' }); // 00:30 on Monday 30th in India
    const sunday = aTask({ id: 'sun-early', dueAt: '2026-11-29T05:00:00.000Z' });
    const sundayLater = aTask({ id: 'sun-later', dueAt: '2026-11-29T09:00:00.000Z' });
    const groups = groupByDay([monday, lateSunday, sunday, sundayLater], days, 'Asia/Kolkata', (task) => task.dueAt);
    expect([...groups.keys()]).toEqual(days);
    expect(groups.get('2026-11-23')?.map((task) => task.id)).toEqual(['mon']);
    expect(groups.get('2026-11-29')?.map((task) => task.id)).toEqual(['sun-early', 'sun-later']);
    expect(groups.get('2026-11-24')).toEqual([]);
    expect(groupByDay([lateSunday], days, 'UTC', (task) => task.dueAt).get('2026-11-29')?.map((task) => task.id)).toEqual(['sun']);
  });
});
