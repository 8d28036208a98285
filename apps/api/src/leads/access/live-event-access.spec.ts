import type { LiveEvent } from '../../events/live-event';
import { EVERY_LEAD, type LeadAccess } from './lead-access';
import { liveEventFor } from './live-event-access';

const ravi: LeadAccess = { kind: 'own-and-unassigned', staffId: 'ravi' };
const about = (type: LiveEvent['type'], ownerId: string | null, formerOwnerId?: string | null): LiveEvent => ({
  type,
  data: { record: type },
  lead: { leadId: 'lead-1', ownerId },
  formerOwnerId,
});
const removed = (formerOwnerId: string | null | undefined): LiveEvent => ({ type: 'lead.removed', data: { id: 'lead-1' }, lead: null, formerOwnerId });

describe('liveEventFor', () => {
  it('sends everything to admins and open mode', () => {
    expect(liveEventFor(EVERY_LEAD, about('lead.updated', 'meera'))).toEqual({ type: 'lead.updated', data: { record: 'lead.updated' } });
    expect(liveEventFor(EVERY_LEAD, removed('meera'))).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
    expect(liveEventFor(EVERY_LEAD, removed(undefined))?.type).toBe('lead.removed');
  });

  it("sends an agent events about their own and unassigned leads, and records about no lead", () => {
    expect(liveEventFor(ravi, about('lead.created', 'ravi'))?.type).toBe('lead.created');
    expect(liveEventFor(ravi, about('call.updated', null))?.type).toBe('call.updated');
    expect(liveEventFor(ravi, { type: 'call.updated', data: {}, lead: null })?.type).toBe('call.updated');
    expect(liveEventFor(ravi, about('lead.updated', 'ravi', 'meera'))?.type).toBe('lead.updated');
  });

  it('turns a change that took a lead out of an agent\'s sight into lead.removed', () => {
    expect(liveEventFor(ravi, about('lead.updated', 'meera', 'ravi'))).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
    expect(liveEventFor(ravi, about('lead.updated', 'meera', null))).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
  });

  it("tells an agent nothing about a colleague's lead they never saw, not even its id", () => {
    expect(liveEventFor(ravi, about('lead.updated', 'meera'))).toBeNull();
    expect(liveEventFor(ravi, about('lead.updated', 'meera', 'meera'))).toBeNull();
    expect(liveEventFor(ravi, about('lead.updated', 'asha', 'meera'))).toBeNull();
    expect(liveEventFor(ravi, about('lead.created', 'meera'))).toBeNull();
    expect(liveEventFor(ravi, about('call.updated', 'meera'))).toBeNull();
  });

  it('sends lead.removed to an agent only about a lead that was in their sight', () => {
    expect(liveEventFor(ravi, removed('ravi'))).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
    expect(liveEventFor(ravi, removed(null))).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
    expect(liveEventFor(ravi, removed('meera'))).toBeNull();
    expect(liveEventFor(ravi, removed(undefined))).toBeNull();
  });

  it("sends an agent a task on a colleague's lead only while it is, or until this change was, assigned to them", () => {
    const task = (assigneeId: string | null, formerAssigneeId?: string | null): LiveEvent => ({
      type: 'task.updated',
      data: { record: 'task' },
      lead: { leadId: 'lead-1', ownerId: 'meera', assigneeId },
      formerAssigneeId,
    });
    expect(liveEventFor(ravi, task('ravi'))?.type).toBe('task.updated');
    expect(liveEventFor(ravi, task('meera', 'ravi'))?.type).toBe('task.updated');
    expect(liveEventFor(ravi, task('meera'))).toBeNull();
    expect(liveEventFor(ravi, task(null, null))).toBeNull();
    expect(liveEventFor(EVERY_LEAD, task('meera'))?.type).toBe('task.updated');
  });
});
