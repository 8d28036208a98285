import { DateTime } from 'luxon';
import { loadAppConfig } from '../../config/app-config';
import { attemptsOf, nextAttemptAt, parseCallbackCadence } from './callback-cadence';

const DEFAULT = parseCallbackCadence('+10m,+2h,+1d@11:00,+2d@17:00')!;
/** A moment given as wall-clock time in a zone. */
const at = (text: string, zone = 'Asia/Kolkata') => DateTime.fromISO(text, { zone }).toJSDate();
const iso = (date: Date | null, zone = 'Asia/Kolkata') => (date ? DateTime.fromJSDate(date, { zone }).toISO({ suppressMilliseconds: true }) : null);

describe('parseCallbackCadence', () => {
  it('reads the default: four steps, so five attempts at most', () => {
    expect(DEFAULT.steps).toEqual([
      { kind: 'after', text: '+10m', seconds: 600 },
      { kind: 'after', text: '+2h', seconds: 7200 },
      { kind: 'daysAt', text: '+1d@11:00', days: 1, hour: 11, minute: 0 },
      { kind: 'daysAt', text: '+2d@17:00', days: 2, hour: 17, minute: 0 },
    ]);
    expect(attemptsOf(DEFAULT)).toBe(5);
  });

  it('takes seconds and spaces around the commas', () => {
    expect(parseCallbackCadence(' +1s , +1s,+1s ')).toEqual({ text: '+1s,+1s,+1s', steps: Array(3).fill({ kind: 'after', text: '+1s', seconds: 1 }) });
  });

  it.each(['', '10m', '+10', '+10x', '+0m', '+1d', '+1d@25:00', '+1d@9:00', '+2h@11:00', '+1m,,+2m', '+-1m', Array(21).fill('+1m').join(',')])(
    'refuses %p',
    (value) => {
      expect(parseCallbackCadence(value)).toBeNull();
    },
  );

  it('a bad CALLBACK_CADENCE stops start-up naming the variable', () => {
    expect(() => loadAppConfig({ CALLBACK_CADENCE: '+10m,tomorrow' })).toThrow(/CALLBACK_CADENCE: must be comma-separated steps/);
    expect(loadAppConfig({}).CALLBACK_CADENCE.text).toBe('+10m,+2h,+1d@11:00,+2d@17:00');
    expect(loadAppConfig({ CALLBACK_CADENCE: '+1s,+1s' }).CALLBACK_CADENCE.steps).toHaveLength(2);
  });
});

describe('nextAttemptAt', () => {
  it('waits the step after the previous attempt', () => {
    const first = at('2026-11-24T10:00:05');
    expect(iso(nextAttemptAt(DEFAULT, 2, first, 'Asia/Kolkata'))).toBe('2026-11-24T10:10:05+05:30');
    expect(iso(nextAttemptAt(DEFAULT, 3, at('2026-11-24T10:10:05'), 'Asia/Kolkata'))).toBe('2026-11-24T12:10:05+05:30');
  });

  it('puts a day step on that calendar day in the zone at the wall time, whatever the hour before', () => {
    expect(iso(nextAttemptAt(DEFAULT, 4, at('2026-11-24T23:50'), 'Asia/Kolkata'))).toBe('2026-11-25T11:00:00+05:30');
    // 00:10 in Kolkata is still the previous day in UTC: the zone's day counts.
    expect(iso(nextAttemptAt(DEFAULT, 4, at('2026-11-25T00:10'), 'Asia/Kolkata'))).toBe('2026-11-26T11:00:00+05:30');
    expect(iso(nextAttemptAt(DEFAULT, 5, at('2026-11-25T11:00'), 'Asia/Kolkata'))).toBe('2026-11-27T17:00:00+05:30');
  });

  it('keeps the wall time across a DST change', () => {
    const london = parseCallbackCadence('+1d@11:00,+1d@01:30')!;
    // The clocks go forward on 29 March 2026 in London: 11:00 is still 11:00, one hour fewer later.
    const next = nextAttemptAt(london, 2, at('2026-03-28T18:00', 'Europe/London'), 'Europe/London')!;
    expect(iso(next, 'Europe/London')).toBe('2026-03-29T11:00:00+01:00');
    expect(next.getTime() - at('2026-03-28T18:00', 'Europe/London').getTime()).toBe(16 * 3600 * 1000);
    // 01:30 does not exist on 29 March in London: moved forward, never before the wall time.
    expect(iso(nextAttemptAt(london, 3, at('2026-03-28T12:00', 'Europe/London'), 'Europe/London'), 'Europe/London')).toBe('2026-03-29T02:30:00+01:00');
    // Back in October: 11:00 after the change is 11:00 GMT.
    expect(iso(nextAttemptAt(london, 2, at('2026-10-24T18:00', 'Europe/London'), 'Europe/London'), 'Europe/London')).toBe('2026-10-25T11:00:00+00:00');
  });

  it('has no attempt after the last step', () => {
    expect(nextAttemptAt(DEFAULT, 6, at('2026-11-24T10:00'), 'Asia/Kolkata')).toBeNull();
  });
});
