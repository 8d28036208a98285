import { DateTime } from 'luxon';

/** One step of CALLBACK_CADENCE: a wait after the previous attempt, or a number of days later at a wall time. */
export type CadenceStep =
  | { kind: 'after'; text: string; seconds: number }
  | { kind: 'daysAt'; text: string; days: number; hour: number; minute: number };

/** CALLBACK_CADENCE read: its text (stored with each cadence) and its steps. */
export interface CallbackCadence {
  text: string;
  steps: CadenceStep[];
}

export const CADENCE_FORMAT = 'must be comma-separated steps such as +10m,+2h,+1d@11:00 (+<n>s, +<n>m, +<n>h, or +<n>d@HH:MM)';

const AFTER = /^\+(\d{1,6})([smh])$/;
const DAYS_AT = /^\+(\d{1,3})d@([01]\d|2[0-3]):([0-5]\d)$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;
/** A cadence longer than this is a typo, not a plan to phone someone twenty times. */
export const MAX_STEPS = 20;

/** Reads CALLBACK_CADENCE; null when it is not in the format (the config names the variable). */
export function parseCallbackCadence(value: string): CallbackCadence | null {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > MAX_STEPS) return null;
  const steps: CadenceStep[] = [];
  for (const text of parts) {
    const after = AFTER.exec(text);
    const daysAt = DAYS_AT.exec(text);
    if (after && Number(after[1]) > 0) steps.push({ kind: 'after', text, seconds: Number(after[1]) * UNIT_SECONDS[after[2] as keyof typeof UNIT_SECONDS] });
    else if (daysAt && Number(daysAt[1]) > 0) steps.push({ kind: 'daysAt', text, days: Number(daysAt[1]), hour: Number(daysAt[2]), minute: Number(daysAt[3]) });
    else return null;
  }
  return { text: steps.map((step) => step.text).join(','), steps };
}

/** The first call and one more per step. */
export function attemptsOf(cadence: CallbackCadence): number {
  return cadence.steps.length + 1;
}

/**
 * When attempt `nextNumber` (2 for the first retry) is due, given when the previous attempt
 * was made; null when the cadence has no step left. `+1d@11:00` is the previous attempt's
 * calendar day in `timeZone`, plus one day, at 11:00 wall time: set, not added, so a DST
 * change never moves it (a wall time that does not exist that day is moved forward by luxon).
 */
export function nextAttemptAt(cadence: CallbackCadence, nextNumber: number, previousAt: Date, timeZone: string): Date | null {
  const step = cadence.steps[nextNumber - 2];
  if (!step) return null;
  if (step.kind === 'after') return new Date(previousAt.getTime() + step.seconds * 1000);
  return DateTime.fromJSDate(previousAt, { zone: timeZone })
    .startOf('day')
    .plus({ days: step.days })
    .set({ hour: step.hour, minute: step.minute, second: 0, millisecond: 0 })
    .toJSDate();
}
