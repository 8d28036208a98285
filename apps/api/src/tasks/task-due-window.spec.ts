import { dueTimesOf } from './task-due-window';

describe('dueTimesOf', () => {
  it('splits open tasks at now and at the next midnight of the time zone', () => {
    // 23:30 on the 28th in Kolkata is 18:00 UTC; the 29th starts there at 18:30 UTC.
    const now = new Date('2026-11-28T18:00:00Z');
    expect(dueTimesOf('overdue', now, 'Asia/Kolkata')).toEqual({ from: null, before: now });
    expect(dueTimesOf('today', now, 'Asia/Kolkata')).toEqual({ from: now, before: new Date('2026-11-28T18:30:00Z') });
    expect(dueTimesOf('upcoming', now, 'Asia/Kolkata')).toEqual({ from: new Date('2026-11-28T18:30:00Z'), before: null });
    // The same instant is already the 29th in Tokyo (03:00): today lasts until its 30th starts.
    expect(dueTimesOf('today', now, 'Asia/Tokyo').before).toEqual(new Date('2026-11-29T15:00:00Z'));
  });

  it('follows a day that is 23 hours long', () => {
    // New York leaves daylight time on 1 Nov 2026: the 2nd starts at 05:00 UTC.
    expect(dueTimesOf('upcoming', new Date('2026-11-01T12:00:00Z'), 'America/New_York').from).toEqual(new Date('2026-11-02T05:00:00Z'));
  });
});
