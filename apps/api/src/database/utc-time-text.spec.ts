import { utcTimeText } from './utc-time-text';

describe('utcTimeText', () => {
  it('reads a time as Prisma\'s SQLite adapter stores it', () => {
    expect(utcTimeText('2026-11-23T09:10:46.304+00:00')).toBe('2026-11-23T09:10:46.304Z');
  });

  it('reads PostgreSQL\'s timestamp(3) text, whose fraction drops trailing zeros, as UTC', () => {
    expect(utcTimeText('2026-11-23 09:10:46.304')).toBe('2026-11-23T09:10:46.304Z');
    expect(utcTimeText('2026-11-23 09:10:46.3')).toBe('2026-11-23T09:10:46.300Z');
    expect(utcTimeText('2026-11-23 09:10:46')).toBe('2026-11-23T09:10:46.000Z');
    expect(utcTimeText('0999-01-02 03:04:05.06')).toBe('0999-01-02T03:04:05.060Z');
  });

  it("reads SQLite's CURRENT_TIMESTAMP as UTC, not as the process's time zone (Asia/Kolkata in tests)", () => {
    expect(utcTimeText('2026-11-23 09:10:46')).toBe('2026-11-23T09:10:46.000Z');
  });

  it('keeps milliseconds only, and reads text already in UTC unchanged', () => {
    expect(utcTimeText('2026-11-23T09:10:46.304999')).toBe('2026-11-23T09:10:46.304Z');
    expect(utcTimeText('2026-11-23T09:10:46.304Z')).toBe('2026-11-23T09:10:46.304Z');
  });

  it('converts a time written with another offset, and milliseconds since the epoch', () => {
    expect(utcTimeText('2026-11-23T14:40:46.304+05:30')).toBe('2026-11-23T09:10:46.304Z');
    expect(utcTimeText(1795425046304)).toBe('2026-11-23T09:10:46.304Z');
  });
});
