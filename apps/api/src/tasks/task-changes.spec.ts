import { InvalidFieldsException } from '../common/field-errors';
import { planTaskChanges, type PlannedTask } from './task-changes';

const now = new Date('2026-11-28T06:00:00Z');
const context = { now, timeZone: 'Asia/Kolkata', actorId: 'ravi', agentCallId: null };
const open: PlannedTask = {
  type: 'site_visit',
  dueAt: new Date('2026-11-29T05:30:00Z'),
  endsAt: new Date('2026-11-29T06:30:00Z'),
  assigneeId: 'ravi',
  assigneeName: 'Ravi Kumar',
  propertyId: 1,
  propertyName: 'Skyline Residency 2BHK',
  notes: null,
  doneAt: null,
  doneById: null,
  outcome: null,
  cancelledAt: null,
};
const done: PlannedTask = { ...open, doneAt: now, doneById: 'ravi', outcome: 'Liked it' };
const cancelled: PlannedTask = { ...open, cancelledAt: now };

const fieldOf = (plan: () => unknown) => {
  try {
    plan();
  } catch (error) {
    if (error instanceof InvalidFieldsException) return error.errors.map(({ field }) => field);
    throw error;
  }
  return [];
};

describe('planTaskChanges', () => {
  it('changes nothing when nothing differs', () => {
    expect(planTaskChanges(open, { type: 'site_visit', dueAt: new Date(open.dueAt), assignee: { id: 'ravi', name: 'Ravi Kumar' }, notes: null, outcome: null }, context)).toEqual({ columns: {}, entries: [] });
    expect(planTaskChanges(done, { done: true, outcome: 'Liked it' }, context)).toEqual({ columns: {}, entries: [] });
  });

  it('moves, reassigns and edits, each in words, in that order', () => {
    const plan = planTaskChanges(
      open,
      { dueAt: new Date('2026-11-30T05:30:00Z'), endsAt: null, assignee: { id: 'meera', name: 'Meera Iyer' }, notes: 'Bring the floor plan', property: { id: 2, name: 'Prestige Lakeside Habitat 3BHK' } },
      context,
    );
    expect(plan.columns).toEqual({ dueAt: new Date('2026-11-30T05:30:00Z'), endsAt: null, assigneeId: 'meera', propertyId: 2, notes: 'Bring the floor plan' });
    expect(plan.entries).toEqual([
      { event: 'rescheduled', text: 'Site visit at Prestige Lakeside Habitat 3BHK moved from Sun 29 Nov, 11:00 to Mon 30 Nov, 11:00' },
      { event: 'reassigned', text: 'Site visit of Mon 30 Nov, 11:00 reassigned from Ravi Kumar to Meera Iyer' },
      { event: 'edited', text: 'Site visit of Mon 30 Nov, 11:00 at Prestige Lakeside Habitat 3BHK: end time, property, notes changed' },
    ]);
  });

  it('completes a task with its outcome and who did it, and opens it again', () => {
    const plan = planTaskChanges(open, { done: true, outcome: 'Liked it' }, context);
    expect(plan.columns).toEqual({ doneAt: now, doneById: 'ravi', outcome: 'Liked it' });
    expect(plan.entries).toEqual([{ event: 'completed', text: 'Site visit of Sun 29 Nov, 11:00 at Skyline Residency 2BHK done: Liked it' }]);
    expect(planTaskChanges(done, { done: false }, context).columns).toEqual({ doneAt: null, doneById: null, outcome: null });
    expect(planTaskChanges(done, { outcome: 'Liked it a lot' }, context)).toMatchObject({ columns: { outcome: 'Liked it a lot' }, entries: [{ event: 'edited' }] });
  });

  it('cancels and brings back; a cancelled task is brought back before it is done', () => {
    expect(planTaskChanges(open, { cancelled: true }, context).columns).toEqual({ cancelledAt: now });
    expect(planTaskChanges(cancelled, { cancelled: false, done: true }, context).entries.map(({ event }) => event)).toEqual(['restored', 'completed']);
    expect(planTaskChanges(done, { done: false, cancelled: true }, context).entries.map(({ event }) => event)).toEqual(['reopened', 'cancelled']);
  });

  it('refuses, naming the field: an end before the start, done while cancelled, cancelled while done, an outcome of an open task', () => {
    expect(fieldOf(() => planTaskChanges(open, { endsAt: open.dueAt }, context))).toEqual(['endsAt']);
    expect(fieldOf(() => planTaskChanges(open, { dueAt: new Date('2026-11-29T07:00:00Z') }, context))).toEqual(['endsAt']);
    expect(fieldOf(() => planTaskChanges(cancelled, { done: true }, context))).toEqual(['done']);
    expect(fieldOf(() => planTaskChanges(done, { cancelled: true }, context))).toEqual(['cancelled']);
    expect(fieldOf(() => planTaskChanges(open, { outcome: 'Went well' }, context))).toEqual(['outcome']);
    expect(planTaskChanges(open, { outcome: null }, context).entries).toEqual([]);
  });

  it('names the agent and its call when it made the change', () => {
    expect(planTaskChanges(open, { cancelled: true }, { ...context, actorId: null, agentCallId: 'call-42' }).entries[0].text).toBe(
      'Site visit of Sun 29 Nov, 11:00 at Skyline Residency 2BHK cancelled by the agent during call call-42',
    );
  });
});
