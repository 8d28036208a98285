import { workingHoursSchema } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { nextAllowedTime } from '../../compliance/call-eligibility';

/** Hours of a day, `HH:MM-HH:MM` in APP_TIME_ZONE, as minutes of the day (1440: midnight at the end). */
export interface DailyHours {
  text: string;
  startMinute: number;
  endMinute: number;
}

/** When a member of staff can see a customer or take a call: their hours, on days that are not holidays. */
export interface AgentHours {
  /** Their working hours within the calling hours; null when the two do not meet. */
  hours: DailyHours | null;
  holidays: ReadonlySet<string>;
  timeZone: string;
}

const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A member's working hours as their profile keeps them (workingHoursSchema: `HH:MM-HH:MM`, start before end); null otherwise. */
export function parseDailyHours(text: string): DailyHours | null {
  const parsed = workingHoursSchema.safeParse(text);
  if (!parsed.success) return null;
  const [startMinute, endMinute] = parsed.data.split('-').map(minuteOfDay);
  return { text: parsed.data, startMinute, endMinute };
}

/** The part of a member's working hours inside the calling hours: no visit and no transfer outside either. */
export function hoursWithin(working: DailyHours, calling: DailyHours): DailyHours | null {
  const startMinute = Math.max(working.startMinute, calling.startMinute);
  const endMinute = Math.min(working.endMinute, calling.endMinute);
  if (startMinute >= endMinute) return null;
  return { text: `${clock(startMinute)}-${clock(endMinute)}`, startMinute, endMinute };
}

/** Whether `now` falls inside the hours, on a day that is not a holiday. */
export function isWorkingNow(rules: AgentHours, now: Date): boolean {
  const next = nextWorkingMoment(rules, now);
  return next !== null && next.getTime() === now.getTime();
}

/** The first moment at or after `now` inside the hours on a day that is not a holiday (now itself when it is); null when none within a year. */
export function nextWorkingMoment(rules: AgentHours, now: Date): Date | null {
  if (!rules.hours) return null;
  const local = DateTime.fromJSDate(now, { zone: rules.timeZone });
  const next = nextAllowedTime(local, { requireConsent: false, callingHours: rules.hours, holidays: [...rules.holidays], timeZone: rules.timeZone }, rules.holidays);
  return next ? next.toJSDate() : null;
}

function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
