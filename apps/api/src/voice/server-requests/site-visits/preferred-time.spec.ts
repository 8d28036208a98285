import { DateTime } from 'luxon';
import { parsePreferredTime } from './preferred-time';

const ZONE = 'Asia/Kolkata';
// Friday 27 November 2026, 10:00 in Kolkata (04:30 UTC): late enough in the UTC day that a
// reading in the server's zone instead of Kolkata's would land on other hours.
const NOW = DateTime.fromISO('2026-11-27T10:00', { zone: ZONE }).toJSDate();
const parsed = (text: string) => {
  const at = parsePreferredTime(text, NOW, ZONE);
  return at && DateTime.fromJSDate(at, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");
};

describe('parsePreferredTime', () => {
  it('reads times said in words as wall-clock times of APP_TIME_ZONE', () => {
    expect(parsed('tomorrow 11 am')).toBe('2026-11-28T11:00');
    expect(parsed('next Monday at 4')).toBe('2026-11-30T16:00');
    expect(parsed('28 November 3:30 pm')).toBe('2026-11-28T15:30');
  });

  it('gives a named part of the day its visiting hour, and a bare day the morning', () => {
    expect(parsed('Saturday evening')).toBe('2026-11-28T17:00');
    expect(parsed('Sunday morning')).toBe('2026-11-29T10:00');
    expect(parsed('Monday')).toBe('2026-11-30T11:00');
  });

  it('reads ISO 8601 with its offset, or without one as APP_TIME_ZONE time', () => {
    expect(parsed('2026-12-01T11:00:00+05:30')).toBe('2026-12-01T11:00');
    expect(parsed('2026-12-01T05:30:00Z')).toBe('2026-12-01T11:00');
    expect(parsed('2026-12-01T11:00')).toBe('2026-12-01T11:00');
  });

  it('answers null when there is no time in the words', () => {
    expect(parsed('whenever suits you')).toBeNull();
    expect(parsed('   ')).toBeNull();
  });
});
