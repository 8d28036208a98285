import type { SpeedToLeadQuery } from './speed-to-lead';

/** The periods the speed-to-lead panel offers at a click: the API keeps their reports ready. */
export const SPEED_TO_LEAD_PRESETS = ['today', 'last7', 'last30'] as const;
export type PeriodPreset = (typeof SPEED_TO_LEAD_PRESETS)[number];

const PRESET_DAYS: Record<PeriodPreset, number> = { today: 1, last7: 7, last30: 30 };

/** A calendar day, YYYY-MM-DD, as the wall clock of `timeZone` shows `at`. */
export function calendarDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The days a preset covers, today included, in `timeZone`: the query the panel sends for it. */
export function presetPeriod(preset: PeriodPreset, now: Date, timeZone: string): Required<SpeedToLeadQuery> {
  const to = calendarDay(now, timeZone);
  // Stepping back whole days from noon UTC of `to` never lands on a neighbouring day, whatever the zone's offset.
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - (PRESET_DAYS[preset] - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to, tz: timeZone };
}
