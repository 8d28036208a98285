import { describe, expect, it } from 'vitest';
import { aTask } from '../../../testing/taskFixtures';
import { timeUntilNextDue, REMINDER_GRACE_MS, reminderKey, remindersDue } from '../reminders/reminderSchedule';

const NOW = Date.parse('2026-11-28T06:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

describe('the reminder schedule', () => {
  it('reminds of open tasks that fell due, within the grace period, earliest first', () => {
    const dueNow = aTask({ id: 'now', dueAt: at(0) });
    const aMinuteAgo = aTask({ id: 'minute', dueAt: at(-60_000) });
    const atTheEdge = aTask({ id: 'edge', dueAt: at(-REMINDER_GRACE_MS) });
    const tooLongAgo = aTask({ id: 'old', dueAt: at(-REMINDER_GRACE_MS - 1) });
    const later = aTask({ id: 'later', dueAt: at(1) });
    const done = aTask({ id: 'done', dueAt: at(-1000), status: 'done' });
    const cancelled = aTask({ id: 'cancelled', dueAt: at(-1000), status: 'cancelled' });
    expect(remindersDue([later, dueNow, tooLongAgo, done, aMinuteAgo, cancelled, atTheEdge], NOW).map((task) => task.id)).toEqual(['edge', 'minute', 'now']);
  });

  it('waits until the next open task falls due, at most an hour, or not at all', () => {
    expect(timeUntilNextDue([aTask({ dueAt: at(-5) }), aTask({ dueAt: at(90_000) }), aTask({ dueAt: at(30_000) }), aTask({ dueAt: at(10_000), status: 'done' })], NOW)).toBe(30_000);
    expect(timeUntilNextDue([aTask({ dueAt: at(5 * 60 * 60_000) })], NOW)).toBe(60 * 60_000);
    expect(timeUntilNextDue([aTask({ dueAt: at(0) }), aTask({ dueAt: at(-1) })], NOW)).toBeNull();
    expect(timeUntilNextDue([], NOW)).toBeNull();
  });

  it('keys a reminder by its task and due time, so a task moved to another time reminds again', () => {
    const task = aTask({ id: 't', dueAt: at(0) });
    expect(reminderKey(task)).toBe(`t@${at(0)}`);
    expect(reminderKey({ ...task, dueAt: at(60_000) })).not.toBe(reminderKey(task));
  });
});
