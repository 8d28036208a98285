import type { NewActivity } from '../../activity/activity-entry';
import type { NewAccessLogEntry } from './access-log.repository';

/**
 * The access-log entries a lead's activity calls for: a consent given or withdrawn and a
 * change of Do Not Call, whoever made it (staff, the caller on a call, an import). Ids and
 * flags only: a Do Not Call reason is free text that may name the person.
 */
export function auditedChanges(entries: NewActivity[]): NewAccessLogEntry[] {
  return entries.flatMap((entry): NewAccessLogEntry[] => {
    const by = entry.actorId ? 'staff' : 'call';
    switch (entry.type) {
      case 'consent_given':
        return [{ actorId: entry.actorId, action: 'consent_changed', leadId: entry.leadId, targetIds: [entry.data.consentId], details: { change: 'given', channel: entry.data.channel, by } }];
      case 'consent_withdrawn':
        return [{ actorId: entry.actorId, action: 'consent_changed', leadId: entry.leadId, targetIds: [entry.data.consentId], details: { change: 'withdrawn', via: entry.data.via, by } }];
      case 'do_not_call_changed':
        return [{ actorId: entry.actorId, action: 'do_not_call_changed', leadId: entry.leadId, details: { doNotCall: entry.data.doNotCall, by } }];
      default:
        return [];
    }
  });
}
