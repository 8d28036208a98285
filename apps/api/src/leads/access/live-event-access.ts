import type { LiveEvent as ShownLiveEvent } from '@lead-desk/contracts';
import type { LiveEvent } from '../../events/live-event';
import { canSeeLead, type LeadAccess } from './lead-access';

/**
 * What a viewer is sent of a live event: the event, when its lead is in their sight (a task's
 * also when it is, or was until this change, assigned to them);
 * `lead.removed` only about a lead they could see before the change (given to another
 * agent, merged, erased), so their list drops it; nothing about a lead never in their
 * sight, not even its id.
 */
export function liveEventFor(access: LeadAccess, event: LiveEvent): ShownLiveEvent | null {
  const shown = { type: event.type, data: event.data } as ShownLiveEvent;
  if (event.type === 'lead.removed') return sawBefore(access, event.formerOwnerId) ? shown : null;
  if (!event.lead || canSeeLead(access, event.lead.ownerId) || isAssignee(access, event.lead.assigneeId) || isAssignee(access, event.formerAssigneeId)) return shown;
  return event.type === 'lead.updated' && sawBefore(access, event.formerOwnerId) ? { type: 'lead.removed', data: { id: event.lead.leadId } } : null;
}

/** Whether a task is (or was, before a reassignment) the agent's own: they see it whoever's its lead. */
function isAssignee(access: LeadAccess, assigneeId: string | null | undefined): boolean {
  return access.kind !== 'all' && assigneeId != null && assigneeId === access.staffId;
}

/** Whether the lead was in sight before the change; a change that names no former owner did not move it (only those who see every lead are told of it). */
function sawBefore(access: LeadAccess, formerOwnerId: string | null | undefined): boolean {
  return formerOwnerId === undefined ? access.kind === 'all' : canSeeLead(access, formerOwnerId);
}
