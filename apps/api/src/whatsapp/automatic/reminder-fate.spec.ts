import { reminderFate } from './reminder-fate';

const VISIT_AT = new Date('2026-12-05T05:30:00Z');
const NOW = new Date('2026-12-05T03:30:00Z');
const open = { type: 'site_visit', dueAt: VISIT_AT, doneAt: null, cancelledAt: null };

describe('reminderFate', () => {
  it('queues the reminder of an open visit still at its time, before it begins, with reminders on', () => {
    expect(reminderFate(VISIT_AT, open, true, NOW)).toEqual({ queue: true });
  });

  it('cancels it for a visit moved, cancelled, done or no longer a visit', () => {
    const cancelled = { queue: false, status: 'cancelled', reason: 'The visit moved, was cancelled or done' };
    expect(reminderFate(VISIT_AT, { ...open, dueAt: new Date('2026-12-06T05:30:00Z') }, true, NOW)).toEqual(cancelled);
    expect(reminderFate(VISIT_AT, { ...open, cancelledAt: NOW }, true, NOW)).toEqual(cancelled);
    expect(reminderFate(VISIT_AT, { ...open, doneAt: NOW }, true, NOW)).toEqual(cancelled);
    expect(reminderFate(VISIT_AT, { ...open, type: 'meeting' }, true, NOW)).toEqual(cancelled);
  });

  it('skips it once the visit has begun (a process was down), and while reminders are off', () => {
    expect(reminderFate(VISIT_AT, open, true, VISIT_AT)).toEqual({ queue: false, status: 'skipped', reason: 'The visit had begun when its reminder came due' });
    expect(reminderFate(VISIT_AT, open, false, NOW)).toEqual({ queue: false, status: 'skipped', reason: 'Visit reminders were turned off' });
  });
});
