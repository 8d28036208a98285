import { DateTime } from 'luxon';
import type { DailyRunsRepository } from './daily-runs.repository';

/**
 * Runs `work` for the day `now` falls on in `timeZone` unless a process, this one or another, has
 * already: the first to claim the day's daily_runs row runs it, and a run that fails gives the day
 * back, so the next look (here or elsewhere) runs it again. Answers the run's outcome, or null when
 * the day's run was not this call's.
 */
export async function runOnceADay<Outcome extends Record<string, unknown>>(
  dailyRuns: DailyRunsRepository,
  task: string,
  now: Date,
  timeZone: string,
  work: () => Promise<Outcome>,
): Promise<Outcome | null> {
  const day = DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;
  if (!(await dailyRuns.claim(task, day, now))) return null;
  const outcome = await work().catch(async (error: unknown) => {
    await dailyRuns.release(task, day);
    throw error;
  });
  await dailyRuns.finish(task, day, outcome);
  return outcome;
}
