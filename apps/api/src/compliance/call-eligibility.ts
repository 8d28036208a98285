import type { CallEligibility } from '@lead-desk/contracts';
import { DateTime } from 'luxon';

/** What is known about the person to be phoned, at the moment of the call. */
export interface CallTargetFacts {
  doNotCall: boolean;
  doNotCallReason: string | null;
  /** Their number is on the DND scrub list an admin uploaded. */
  onDndList: boolean;
  /** A recorded consent that is not withdrawn. */
  hasConsent: boolean;
}

/** The team's calling rules, from the configuration. */
export interface CallingRules {
  requireConsent: boolean;
  callingHours: { text: string; startMinute: number; endMinute: number };
  /** Calendar dates (YYYY-MM-DD) in `timeZone` with no calls. */
  holidays: readonly string[];
  timeZone: string;
}

export const DND_LIST_REASON = 'On the DND scrub list';
/** Holidays are finite; a year of them in a row is a configuration mistake, not a search to run forever. */
const MAX_DAYS_AHEAD = 366;

/**
 * Whether an outbound call may be placed now: the one decision POST /api/calls and the
 * dashboard's button both follow. Reasons about the person (Do Not Call, the scrub list,
 * consent) come before reasons about the time, because no later time would change them.
 */
export function decideCallEligibility(target: CallTargetFacts, rules: CallingRules, now: Date): CallEligibility {
  if (target.doNotCall) return refused('do_not_call', `This lead is Do Not Call: ${target.doNotCallReason ?? 'no reason given'}.`);
  if (target.onDndList) return refused('dnd_list', `This lead is Do Not Call: ${DND_LIST_REASON}.`);
  if (rules.requireConsent && !target.hasConsent) {
    return refused('no_consent', 'No consent to call is recorded for this lead (REQUIRE_CONSENT is on).');
  }

  const local = DateTime.fromJSDate(now, { zone: rules.timeZone });
  const holidays = new Set(rules.holidays);
  const today = local.toISODate()!;
  if (holidays.has(today)) {
    const next = nextAllowedTime(local, rules, holidays);
    return refused('holiday', `Today (${today}) is a holiday: no calls. ${nextAllowedText(next, rules.timeZone)}`, next);
  }
  const minute = local.hour * 60 + local.minute;
  if (minute < rules.callingHours.startMinute || minute >= rules.callingHours.endMinute) {
    const next = nextAllowedTime(local, rules, holidays);
    return refused(
      'outside_hours',
      `Outside calling hours (${rules.callingHours.text} ${rules.timeZone}). ${nextAllowedText(next, rules.timeZone)}`,
      next,
    );
  }
  return { allowed: true, code: null, reason: null, nextAllowedAt: null };
}

/** The first moment at or after `local` that is within calling hours on a day that is not a holiday. */
export function nextAllowedTime(local: DateTime, rules: CallingRules, holidays: ReadonlySet<string>): DateTime | null {
  const { startMinute, endMinute } = rules.callingHours;
  let day = local.startOf('day');
  for (let offset = 0; offset <= MAX_DAYS_AHEAD; offset += 1, day = day.plus({ days: 1 }).startOf('day')) {
    if (holidays.has(day.toISODate()!)) continue;
    const opens = atMinute(day, startMinute);
    const closes = atMinute(day, endMinute);
    if (local < opens) return opens;
    if (local < closes) return local;
  }
  return null;
}

/** That wall-clock minute of the day (1440 = the next midnight); set, not added, so a DST change does not shift it. */
function atMinute(day: DateTime, minute: number): DateTime {
  return minute >= 24 * 60 ? day.plus({ days: 1 }).startOf('day') : day.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
}

function nextAllowedText(next: DateTime | null, timeZone: string): string {
  if (!next) return `No allowed time within ${MAX_DAYS_AHEAD} days: check CALLING_HOLIDAYS.`;
  return `Next allowed time: ${next.toUTC().toISO()} (${next.toFormat('d LLL yyyy, HH:mm')} ${timeZone}).`;
}

function refused(code: NonNullable<CallEligibility['code']>, reason: string, next?: DateTime | null): CallEligibility {
  return { allowed: false, code, reason, nextAllowedAt: next ? next.toUTC().toISO()! : null };
}
