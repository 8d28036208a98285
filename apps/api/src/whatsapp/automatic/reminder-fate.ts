/** A site visit as its reminder is decided on. */
export interface RemindedVisitState {
  type: string;
  dueAt: Date;
  doneAt: Date | null;
  cancelledAt: Date | null;
}

export type ReminderFate = { queue: true } | { queue: false; status: 'cancelled' | 'skipped'; reason: string };

/** Whether the visit is still one to remind of: a site visit neither done nor cancelled. */
export function isOpenVisit(visit: RemindedVisitState): boolean {
  return visit.type === 'site_visit' && visit.doneAt === null && visit.cancelledAt === null;
}

/**
 * What becomes of a reminder that came due: its message is queued only while the visit is still
 * open, still at the time it reminds of, not yet begun, and reminders are still on. A visit that
 * moved, was cancelled or done cancels it (another reminder follows a moved one); the others skip it.
 */
export function reminderFate(visitAt: Date, visit: RemindedVisitState, remindersOn: boolean, now: Date): ReminderFate {
  if (!isOpenVisit(visit) || visit.dueAt.getTime() !== visitAt.getTime()) return { queue: false, status: 'cancelled', reason: 'The visit moved, was cancelled or done' };
  if (visit.dueAt.getTime() <= now.getTime()) return { queue: false, status: 'skipped', reason: 'The visit had begun when its reminder came due' };
  if (!remindersOn) return { queue: false, status: 'skipped', reason: 'Visit reminders were turned off' };
  return { queue: true };
}
