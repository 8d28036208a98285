import { InvalidFieldsException } from '../../common/field-errors';
import { calendarSpan } from './calendar-span';

describe('calendarSpan', () => {
  it('covers whole days of the time zone, the last one included', () => {
    expect(calendarSpan('2026-11-23', '2026-11-29', 'Asia/Kolkata')).toEqual({ start: new Date('2026-11-22T18:30:00Z'), end: new Date('2026-11-29T18:30:00Z') });
    expect(calendarSpan('2026-11-23', '2026-11-23', 'UTC')).toEqual({ start: new Date('2026-11-23T00:00:00Z'), end: new Date('2026-11-24T00:00:00Z') });
  });

  it('counts a week with a 25-hour day as seven days', () => {
    expect(calendarSpan('2026-10-26', '2026-11-01', 'America/New_York').end).toEqual(new Date('2026-11-02T05:00:00Z'));
  });

  it('refuses, naming to, a span that ends before it starts or lasts more than 31 days', () => {
    expect(() => calendarSpan('2026-11-29', '2026-11-23', 'UTC')).toThrow(InvalidFieldsException);
    expect(() => calendarSpan('2026-11-01', '2026-12-02', 'UTC')).toThrow(/to: must be at most 31 days/);
    expect(calendarSpan('2026-11-01', '2026-12-01', 'UTC').end).toEqual(new Date('2026-12-02T00:00:00Z'));
  });
});
