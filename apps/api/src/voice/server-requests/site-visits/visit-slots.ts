import { DateTime } from 'luxon';
import type { AgentHours } from '../agent-hours';

/** How visits are laid out in an agent's day. */
export interface VisitSlotRules extends AgentHours {
  /** How long a visit takes. */
  visitMinutes: number;
  /** Alternatives start on this grid of the wall clock (every half hour). */
  stepMinutes: number;
  /** How soon from now a visit may start: the agent has to get there. */
  noticeMinutes: number;
  /** How many days from the requested one alternatives are looked for. */
  searchDays: number;
}

export interface TimeRange {
  start: Date;
  end: Date;
}

/** Why the requested time cannot be booked, first reason first. */
export type UnavailableReason = 'too-soon' | 'holiday' | 'outside-hours' | 'taken';

export type SlotDecision = { kind: 'free'; slot: TimeRange } | { kind: 'unavailable'; reason: UnavailableReason; alternatives: TimeRange[] };

export const ALTERNATIVES = 2;

/**
 * Whether an agent can see a customer at the requested time: inside their hours (within the
 * calling hours, never on a holiday), far enough from now, and clear of every visit or
 * meeting they have (`busy`). If not, the two nearest free times: on the requested day the
 * closest to the requested time, then the following days from the morning, never two that
 * overlap. Wall-clock times are those of `rules.timeZone`.
 */
export function decideVisitSlot(requested: Date, busy: readonly TimeRange[], rules: VisitSlotRules, now: Date): SlotDecision {
  const slot = { start: requested, end: addMinutes(requested, rules.visitMinutes) };
  const reason = unavailableReason(slot, busy, rules, now);
  if (!reason) return { kind: 'free', slot };
  return { kind: 'unavailable', reason, alternatives: alternativesTo(requested, busy, rules, now) };
}

function unavailableReason(slot: TimeRange, busy: readonly TimeRange[], rules: VisitSlotRules, now: Date): UnavailableReason | null {
  if (slot.start < addMinutes(now, rules.noticeMinutes)) return 'too-soon';
  const local = DateTime.fromJSDate(slot.start, { zone: rules.timeZone });
  if (rules.holidays.has(local.toISODate()!)) return 'holiday';
  if (!insideHours(slot, rules)) return 'outside-hours';
  if (busy.some((taken) => overlaps(slot, taken))) return 'taken';
  return null;
}

function alternativesTo(requested: Date, busy: readonly TimeRange[], rules: VisitSlotRules, now: Date): TimeRange[] {
  const earliest = addMinutes(now, rules.noticeMinutes);
  const free = (slot: TimeRange) => slot.start >= earliest && !busy.some((taken) => overlaps(slot, taken));
  const requestedDay = DateTime.fromJSDate(requested, { zone: rules.timeZone }).startOf('day');
  const today = DateTime.fromJSDate(now, { zone: rules.timeZone }).startOf('day');
  const firstDay = requestedDay < today ? today : requestedDay;
  const chosen: TimeRange[] = [];
  const take = (candidates: TimeRange[]) => {
    for (const candidate of candidates) {
      if (chosen.length === ALTERNATIVES) return;
      if (chosen.every((other) => !overlaps(candidate, other))) chosen.push(candidate);
    }
  };
  // The requested day: nearest to the asked time first.
  take(
    daySlots(firstDay, rules)
      .filter(free)
      .sort((a, b) => distance(a, requested) - distance(b, requested) || a.start.getTime() - b.start.getTime()),
  );
  for (let offset = 1; offset <= rules.searchDays && chosen.length < ALTERNATIVES; offset += 1) {
    take(daySlots(firstDay.plus({ days: offset }), rules).filter(free));
  }
  return chosen.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The visits a day could hold, on the grid, inside the hours; none on a holiday. */
function daySlots(day: DateTime, rules: VisitSlotRules): TimeRange[] {
  if (!rules.hours || rules.holidays.has(day.toISODate()!)) return [];
  const { startMinute, endMinute } = rules.hours;
  const slots: TimeRange[] = [];
  const first = Math.ceil(startMinute / rules.stepMinutes) * rules.stepMinutes;
  // A day without a change of clocks (most): its slots are minutes after midnight; on one with a
  // change, each is set to its wall-clock time (a time zone lookup each, the slow way).
  const steady = day.offset === day.endOf('day').offset;
  const midnight = day.toMillis();
  for (let minute = first; minute + rules.visitMinutes <= endMinute; minute += rules.stepMinutes) {
    const start = steady ? new Date(midnight + minute * 60_000) : day.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toJSDate();
    slots.push({ start, end: addMinutes(start, rules.visitMinutes) });
  }
  return slots;
}

function insideHours(slot: TimeRange, rules: VisitSlotRules): boolean {
  if (!rules.hours) return false;
  const start = DateTime.fromJSDate(slot.start, { zone: rules.timeZone });
  const end = DateTime.fromJSDate(slot.end, { zone: rules.timeZone });
  const startMinute = start.hour * 60 + start.minute;
  // A visit ending at midnight ends at minute 1440 of its own day.
  const endMinute = end.hasSame(start, 'day') ? end.hour * 60 + end.minute : 24 * 60 + end.hour * 60 + end.minute;
  return startMinute >= rules.hours.startMinute && endMinute <= rules.hours.endMinute;
}

export function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}

function distance(slot: TimeRange, at: Date): number {
  return Math.abs(slot.start.getTime() - at.getTime());
}

function addMinutes(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * 60_000);
}
