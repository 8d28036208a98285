import type { Task } from '@lead-desk/contracts';

/** A task that fell due this shortly before the page was open still reminds (a reload, a laptop woken up); older ones are just overdue. */
export const REMINDER_GRACE_MS = 15 * 60_000;

/** Timers longer than this are not kept: the schedule is looked at again at least this often. */
const MAX_WAIT_MS = 60 * 60_000;

/** One reminder per task and due time: a task moved to a new time reminds again. */
export function reminderKey(task: Pick<Task, 'id' | 'dueAt'>): string {
  return `${task.id}@${task.dueAt}`;
}

/** The open tasks whose due time has come, within the grace period, earliest first. */
export function remindersDue(tasks: readonly Task[], now: number): Task[] {
  return tasks
    .filter((task) => {
      const due = Date.parse(task.dueAt);
      return task.status === 'open' && due <= now && now - due <= REMINDER_GRACE_MS;
    })
    .toSorted((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

/** How long to wait before looking again: until the next open task falls due (at most an hour), or null when none will. */
export function timeUntilNextDue(tasks: readonly Task[], now: number): number | null {
  const upcoming = tasks.filter((task) => task.status === 'open').map((task) => Date.parse(task.dueAt) - now).filter((wait) => wait > 0);
  return upcoming.length === 0 ? null : Math.min(MAX_WAIT_MS, ...upcoming);
}
