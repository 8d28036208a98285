import type { ReportPeriod } from './api/speedToLeadApi';

export type PeriodPreset = 'today' | 'last7' | 'last30';

/** A calendar day, YYYY-MM-DD, as the wall clock of `timeZone` shows `at`. */
export function calendarDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The days a preset covers, today included, in `timeZone`. */
export function presetPeriod(preset: PeriodPreset, now: Date, timeZone: string): ReportPeriod {
  const days = { today: 1, last7: 7, last30: 30 }[preset];
  const to = calendarDay(now, timeZone);
  // Stepping back whole days from noon UTC of `to` never lands on a neighbouring day, whatever the zone's offset.
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to, tz: timeZone };
}

/** Seconds as people say a wait: "45 s", "12 min 5 s", "3 h 20 min", "2 d 4 h". */
export function formatWait(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return whole % 60 === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
  if (whole < 86_400) return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
  return `${Math.floor(whole / 86_400)} d ${Math.floor((whole % 86_400) / 3600)} h`;
}
