import type { LiveEvent } from '../../events/live-event';
import { EVERY_LEAD, type LeadAccess } from './lead-access';
import { liveEventFor } from './live-event-access';

const ravi: LeadAccess = { kind: 'own-and-unassigned', staffId: 'ravi' };
const about = (type: LiveEvent['type'], ownerId: string | null): LiveEvent => ({ type, data: { record: type }, lead: { leadId: 'lead-1', ownerId } });

describe('liveEventFor', () => {
  it('sends everything to admins and open mode', () => {
    expect(liveEventFor(EVERY_LEAD, about('lead.updated', 'meera'))).toEqual({ type: 'lead.updated', data: { record: 'lead.updated' } });
  });

  it("sends an agent events about their own and unassigned leads, and records about no lead", () => {
    expect(liveEventFor(ravi, about('lead.created', 'ravi'))?.type).toBe('lead.created');
    expect(liveEventFor(ravi, about('call.updated', null))?.type).toBe('call.updated');
    expect(liveEventFor(ravi, { type: 'call.updated', data: {}, lead: null })?.type).toBe('call.updated');
  });

  it("turns a change to a colleague's lead into lead.removed, and sends nothing else about it", () => {
    expect(liveEventFor(ravi, about('lead.updated', 'meera'))).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
    expect(liveEventFor(ravi, about('lead.created', 'meera'))).toBeNull();
    expect(liveEventFor(ravi, about('call.updated', 'meera'))).toBeNull();
  });
});
