import { DateTime } from 'luxon';
import { spokenDateTime } from './spoken-time';

const ZONE = 'Asia/Kolkata';
const kolkata = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();
const NOW = kolkata('2026-11-27T10:00');

describe('spokenDateTime', () => {
  it('says today and tomorrow by name, other days with their date, in the app time zone', () => {
    expect(spokenDateTime(kolkata('2026-11-27T16:00'), NOW, ZONE)).toBe('today at 4 pm');
    expect(spokenDateTime(kolkata('2026-11-28T11:00'), NOW, ZONE)).toBe('tomorrow at 11 am');
    expect(spokenDateTime(kolkata('2026-11-30T11:30'), NOW, ZONE)).toBe('Monday 30 November at 11:30 am');
    expect(spokenDateTime(kolkata('2027-01-04T12:00'), NOW, ZONE)).toBe('Monday 4 January 2027 at 12 noon');
  });
});
