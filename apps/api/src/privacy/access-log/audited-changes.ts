import type { NewActivity } from '../../activity/activity-entry';
import { ASKED_ON_A_CALL, MARKED_IN_AN_IMPORT } from '../../compliance/do-not-call-reasons';
import type { NewAccessLogEntry } from './access-log.repository';

/**
 * The access-log entries a lead's activity calls for: a consent given or withdrawn and a
 * change of Do Not Call, whoever made it (staff, the caller on a call, an import). Ids and
 * flags only: a Do Not Call reason is free text that may name the person.
 */
export function auditedChanges(entries: NewActivity[]): NewAccessLogEntry[] {
  return entries.flatMap((entry): NewAccessLogEntry[] => {
    switch (entry.type) {
      case 'consent_given': {
        const by = entry.actorId ? 'staff' : sourceOf(entry.data.channel);
        return [{ actorId: entry.actorId, action: 'consent_changed', leadId: entry.leadId, targetIds: [entry.data.consentId], details: { change: 'given', channel: entry.data.channel, by } }];
      }
      case 'consent_withdrawn': {
        const by = entry.actorId ? 'staff' : sourceOf(entry.data.via);
        return [{ actorId: entry.actorId, action: 'consent_changed', leadId: entry.leadId, targetIds: [entry.data.consentId], details: { change: 'withdrawn', via: entry.data.via, by } }];
      }
      case 'do_not_call_changed': {
        // Without a member of staff: the caller, an import, or staff in open mode (AUTH_MODE=open).
        const by = entry.actorId ? 'staff' : entry.data.reason === ASKED_ON_A_CALL ? 'call' : entry.data.reason === MARKED_IN_AN_IMPORT ? 'import' : 'staff';
        return [{ actorId: entry.actorId, action: 'do_not_call_changed', leadId: entry.leadId, details: { doNotCall: entry.data.doNotCall, by } }];
      }
      default:
        return [];
    }
  });
}

/** Who a consent channel names as having made the change: a call's caller, an import, staff, a form or a chat. */
function sourceOf(channel: string): string {
  return channel === 'voice_call' ? 'call' : channel;
}
