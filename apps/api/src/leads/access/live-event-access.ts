import type { LiveEvent as ShownLiveEvent } from '@lead-desk/contracts';
import type { LiveEvent } from '../../events/live-event';
import { canSeeLead, type LeadAccess } from './lead-access';

/**
 * What a viewer is sent of a live event: the event, when its lead is in their sight;
 * `lead.removed` in place of a change that took a lead out of their sight (it went to
 * another agent), so their list drops it; nothing for a new lead or a call they cannot see.
 */
export function liveEventFor(access: LeadAccess, event: LiveEvent): ShownLiveEvent | null {
  if (!event.lead || canSeeLead(access, event.lead.ownerId)) return { type: event.type, data: event.data } as ShownLiveEvent;
  return event.type === 'lead.updated' ? { type: 'lead.removed', data: { id: event.lead.leadId } } : null;
}
