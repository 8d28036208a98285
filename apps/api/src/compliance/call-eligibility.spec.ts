import fc from 'fast-check';
import { DateTime } from 'luxon';
import { decideCallEligibility, type CallingRules, type CallTargetFacts } from './call-eligibility';

const RULES: CallingRules = {
  requireConsent: false,
  callingHours: { text: '09:00-21:00', startMinute: 9 * 60, endMinute: 21 * 60 },
  holidays: [],
  timeZone: 'Asia/Kolkata',
};
const ANYONE: CallTargetFacts = { doNotCall: false, doNotCallReason: null, onDndList: false, hasConsent: false };
/** A moment given as Kolkata wall-clock time. */
const kolkata = (text: string) => DateTime.fromISO(text, { zone: 'Asia/Kolkata' }).toJSDate();

describe('decideCallEligibility', () => {
  it('allows a call within calling hours on a working day', () => {
    expect(decideCallEligibility(ANYONE, RULES, kolkata('2026-11-24T09:00'))).toEqual({ allowed: true, code: null, reason: null, nextAllowedAt: null });
    expect(decideCallEligibility(ANYONE, RULES, kolkata('2026-11-24T20:59')).allowed).toBe(true);
  });

  it('refuses before and after the hours, naming the next allowed time in UTC and local time', () => {
    expect(decideCallEligibility(ANYONE, RULES, kolkata('2026-11-24T08:59'))).toEqual({
      allowed: false,
      code: 'outside_hours',
      reason: 'Outside calling hours (09:00-21:00 Asia/Kolkata). Next allowed time: 2026-11-24T03:30:00.000Z (24 Nov 2026, 09:00 Asia/Kolkata).',
      nextAllowedAt: '2026-11-24T03:30:00.000Z',
    });
    expect(decideCallEligibility(ANYONE, RULES, kolkata('2026-11-24T21:00')).nextAllowedAt).toBe('2026-11-25T03:30:00.000Z');
  });

  it('refuses on a holiday and skips every holiday in a row for the next allowed time', () => {
    const rules = { ...RULES, holidays: ['2026-01-26', '2026-01-27'] };
    const decision = decideCallEligibility(ANYONE, rules, kolkata('2026-01-26T11:00'));
    expect(decision).toMatchObject({ allowed: false, code: 'holiday', nextAllowedAt: '2026-01-28T03:30:00.000Z' });
    expect(decision.reason).toBe('Today (2026-01-26) is a holiday: no calls. Next allowed time: 2026-01-28T03:30:00.000Z (28 Jan 2026, 09:00 Asia/Kolkata).');
    // The evening before a holiday: the next day is skipped too.
    expect(decideCallEligibility(ANYONE, rules, kolkata('2026-01-25T22:00')).nextAllowedAt).toBe('2026-01-28T03:30:00.000Z');
  });

  it('puts Do Not Call, the scrub list and missing consent before the time, with no next allowed time', () => {
    const night = kolkata('2026-11-24T23:00');
    expect(decideCallEligibility({ ...ANYONE, doNotCall: true, doNotCallReason: 'Asked on a call', onDndList: true }, RULES, night)).toEqual({
      allowed: false,
      code: 'do_not_call',
      reason: 'This lead is Do Not Call: Asked on a call.',
      nextAllowedAt: null,
    });
    expect(decideCallEligibility({ ...ANYONE, onDndList: true }, RULES, night)).toMatchObject({ code: 'dnd_list', reason: 'This lead is Do Not Call: On the DND scrub list.' });
    expect(decideCallEligibility(ANYONE, { ...RULES, requireConsent: true }, night)).toMatchObject({
      code: 'no_consent',
      reason: 'No consent to call is recorded for this lead (REQUIRE_CONSENT is on).',
    });
    expect(decideCallEligibility({ ...ANYONE, hasConsent: true }, { ...RULES, requireConsent: true }, kolkata('2026-11-24T12:00')).allowed).toBe(true);
  });

  it('treats 00:00-24:00 as the whole day', () => {
    const allDay = { ...RULES, callingHours: { text: '00:00-24:00', startMinute: 0, endMinute: 24 * 60 } };
    expect(decideCallEligibility(ANYONE, allDay, kolkata('2026-11-24T23:59')).allowed).toBe(true);
    expect(decideCallEligibility(ANYONE, allDay, kolkata('2026-11-24T00:00')).allowed).toBe(true);
  });

  it('property: a refusal for the time names a later moment at which the call is allowed, and nothing allowed lies between', () => {
    const date = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true });
    const hours = fc
      .tuple(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 1, max: 24 * 60 }))
      .filter(([start, end]) => start < end)
      .map(([startMinute, endMinute]) => ({ text: 'configured', startMinute, endMinute }));
    const zone = fc.constantFrom('Asia/Kolkata', 'Europe/London', 'America/New_York', 'UTC');
    fc.assert(
      fc.property(date, hours, zone, fc.array(date, { maxLength: 5 }), (now, callingHours, timeZone, holidayDates) => {
        const holidays = holidayDates.map((day) => DateTime.fromJSDate(day, { zone: timeZone }).toISODate()!);
        const rules = { ...RULES, callingHours, timeZone, holidays };
        const decision = decideCallEligibility(ANYONE, rules, now);
        if (decision.allowed) return;
        const next = new Date(decision.nextAllowedAt!);
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(decideCallEligibility(ANYONE, rules, next).allowed).toBe(true);
        // A minute earlier is still refused (to the minute: hours are whole minutes).
        const minuteBefore = new Date(Math.max(now.getTime(), next.getTime() - 60_000));
        if (minuteBefore.getTime() > now.getTime()) expect(decideCallEligibility(ANYONE, rules, minuteBefore).allowed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
