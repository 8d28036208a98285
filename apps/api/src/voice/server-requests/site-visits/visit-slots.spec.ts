import fc from 'fast-check';
import { DateTime } from 'luxon';
import { decideVisitSlot, overlaps, type TimeRange, type VisitSlotRules } from './visit-slots';

const ZONE = 'Asia/Kolkata';
const kolkata = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();
const at = (range: TimeRange) => DateTime.fromJSDate(range.start, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");
const visit = (start: string, minutes = 60): TimeRange => ({ start: kolkata(start), end: new Date(kolkata(start).getTime() + minutes * 60_000) });

const RULES: VisitSlotRules = {
  hours: { text: '09:00-18:00', startMinute: 9 * 60, endMinute: 18 * 60 },
  holidays: new Set(),
  timeZone: ZONE,
  visitMinutes: 60,
  stepMinutes: 30,
  noticeMinutes: 60,
  searchDays: 14,
};
// Friday 27 November 2026, 10:00 in Kolkata.
const NOW = kolkata('2026-11-27T10:00');

describe('decideVisitSlot', () => {
  it('books the requested time when it is free and inside the hours', () => {
    expect(decideVisitSlot(kolkata('2026-11-28T11:00'), [], RULES, NOW)).toEqual({ kind: 'free', slot: visit('2026-11-28T11:00') });
  });

  it('offers the two nearest free times of the day when the time is taken, never two that overlap', () => {
    const decision = decideVisitSlot(kolkata('2026-11-28T11:00'), [visit('2026-11-28T11:00')], RULES, NOW);
    expect(decision.kind).toBe('unavailable');
    if (decision.kind !== 'unavailable') return;
    expect(decision.reason).toBe('taken');
    expect(decision.alternatives.map(at)).toEqual(['2026-11-28T10:00', '2026-11-28T12:00']);
  });

  it('treats a visit that only partly overlaps as taken', () => {
    const decision = decideVisitSlot(kolkata('2026-11-28T11:00'), [visit('2026-11-28T11:45', 30)], RULES, NOW);
    expect(decision).toMatchObject({ kind: 'unavailable', reason: 'taken' });
  });

  it('answers a time outside the hours with the nearest times inside them', () => {
    const evening = decideVisitSlot(kolkata('2026-11-28T20:00'), [], RULES, NOW);
    expect(evening).toMatchObject({ kind: 'unavailable', reason: 'outside-hours' });
    if (evening.kind === 'unavailable') expect(evening.alternatives.map(at)).toEqual(['2026-11-28T16:00', '2026-11-28T17:00']);
    // A visit that would run past closing time is outside the hours too.
    expect(decideVisitSlot(kolkata('2026-11-28T17:30'), [], RULES, NOW)).toMatchObject({ kind: 'unavailable', reason: 'outside-hours' });
  });

  it('moves a fully booked day to the next days, from the morning', () => {
    const busy = Array.from({ length: 9 }, (_, i) => visit(`2026-11-28T${String(9 + i).padStart(2, '0')}:00`));
    const decision = decideVisitSlot(kolkata('2026-11-28T11:00'), busy, RULES, NOW);
    expect(decision).toMatchObject({ kind: 'unavailable', reason: 'taken' });
    if (decision.kind === 'unavailable') expect(decision.alternatives.map(at)).toEqual(['2026-11-29T09:00', '2026-11-29T10:00']);
  });

  it('never books a holiday, and skips it for alternatives', () => {
    const rules = { ...RULES, holidays: new Set(['2026-11-28']) };
    const decision = decideVisitSlot(kolkata('2026-11-28T11:00'), [], rules, NOW);
    expect(decision).toMatchObject({ kind: 'unavailable', reason: 'holiday' });
    if (decision.kind === 'unavailable') expect(decision.alternatives.map(at)).toEqual(['2026-11-29T09:00', '2026-11-29T10:00']);
  });

  it('needs notice: a time in the past or within the hour is too soon, and alternatives start after the notice', () => {
    const decision = decideVisitSlot(kolkata('2026-11-27T10:30'), [], RULES, NOW);
    expect(decision).toMatchObject({ kind: 'unavailable', reason: 'too-soon' });
    if (decision.kind === 'unavailable') expect(decision.alternatives.map(at)).toEqual(['2026-11-27T11:00', '2026-11-27T12:00']);
    expect(decideVisitSlot(kolkata('2026-11-20T11:00'), [], RULES, NOW)).toMatchObject({ kind: 'unavailable', reason: 'too-soon' });
  });

  it('has nothing to offer when the working hours and the calling hours do not meet', () => {
    expect(decideVisitSlot(kolkata('2026-11-28T11:00'), [], { ...RULES, hours: null }, NOW)).toEqual({ kind: 'unavailable', reason: 'outside-hours', alternatives: [] });
  });

  it('never answers a booked or an offered time that overlaps a visit, leaves the hours or falls on a holiday', () => {
    const startOf = (day: number, halfHour: number) => kolkata('2026-11-28T00:00').getTime() + day * 86_400_000 + halfHour * 1_800_000;
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 3 }), halfHour: fc.integer({ min: 14, max: 40 }), length: fc.integer({ min: 1, max: 4 }) }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 47 }),
        (visits, day, halfHour) => {
          const busy = visits.map((v) => ({ start: new Date(startOf(v.day, v.halfHour)), end: new Date(startOf(v.day, v.halfHour + v.length)) }));
          const rules = { ...RULES, holidays: new Set(['2026-11-29']) };
          const decision = decideVisitSlot(new Date(startOf(day, halfHour)), busy, rules, NOW);
          const answered = decision.kind === 'free' ? [decision.slot] : decision.alternatives;
          for (const slot of answered) {
            const start = DateTime.fromJSDate(slot.start, { zone: ZONE });
            const end = DateTime.fromJSDate(slot.end, { zone: ZONE });
            expect(busy.some((taken) => overlaps(slot, taken))).toBe(false);
            expect(start.hour * 60 + start.minute).toBeGreaterThanOrEqual(9 * 60);
            expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(18 * 60);
            expect(start.toISODate()).not.toBe('2026-11-29');
          }
          if (decision.kind === 'unavailable') expect(decision.alternatives).toHaveLength(2);
        },
      ),
    );
  });
});

describe('decideVisitSlot across a change of clocks', () => {
  it('keeps wall-clock times on the day the clocks go forward (London, 29 March 2026)', () => {
    const zone = 'Europe/London';
    const london = (text: string) => DateTime.fromISO(text, { zone }).toJSDate();
    const rules = { ...RULES, timeZone: zone };
    const decision = decideVisitSlot(london('2026-03-29T11:00'), [{ start: london('2026-03-29T11:00'), end: london('2026-03-29T12:00') }], rules, london('2026-03-28T10:00'));
    expect(decision.kind).toBe('unavailable');
    if (decision.kind === 'unavailable') expect(decision.alternatives.map(({ start }) => DateTime.fromJSDate(start, { zone }).toFormat('HH:mm'))).toEqual(['10:00', '12:00']);
  });
});
