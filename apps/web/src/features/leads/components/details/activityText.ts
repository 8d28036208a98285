import { WHATSAPP_CONSENT_PURPOSE, type ActivityData, type LeadActivity } from '@lead-desk/contracts';
import { DUPLICATE_REASON_TEXT } from '../duplicateReasonTexts';
import { fieldValueText, LEAD_JSON_FIELD_TEXT } from '../leadFieldTexts';

const CONSENT_CHANNEL_TEXT: Record<string, string> = { voice_call: 'on a call', web_form: 'web form', chat: 'chat', import: 'import', staff: 'by staff', whatsapp: 'on WhatsApp' };

const CHAT_ENDED_BY_TEXT: Record<ActivityData<'chat'>['endedBy'], string> = { visitor: 'ended by the visitor', idle: 'ended when idle', platform: 'ended at Vapi' };

const ASSIGNED_BY: Record<ActivityData<'assigned'>['by'], string> = { 'round-robin': ' by round-robin', staff: '', import: ' by the import', source: ' (the source’s default owner)' };

/** One line saying what a timeline entry records ("Stage changed from New to Contacted"). */
export function activityText(entry: LeadActivity): string {
  switch (entry.type) {
    case 'created':
      return `Lead created (${entry.data.source})`;
    case 'arrived': {
      const { source, test, details, kept } = entry.data;
      const came = Object.entries(details).map(([name, value]) => `${name}: ${value}`);
      const others = kept.map(({ field, value }) => `${(LEAD_JSON_FIELD_TEXT as Record<string, string>)[field] ?? field} “${fieldValueText(field, value)}”`);
      return [
        `${test ? 'Test lead' : 'Lead'} arrived from ${source}`,
        came.length > 0 && ` (${came.join(', ')})`,
        others.length > 0 && `; it also gave ${others.join(', ')}, kept out of the lead: check before changing it`,
      ]
        .filter(Boolean)
        .join('');
    }
    case 'imported':
      return `${entry.data.outcome === 'created' ? 'Created' : 'Updated'} by a CSV import (line ${entry.data.line})`;
    case 'updated': {
      const { field, from, to } = entry.data;
      return `${(LEAD_JSON_FIELD_TEXT as Record<string, string>)[field] ?? field} changed from “${fieldValueText(field, from)}” to “${fieldValueText(field, to)}”`;
    }
    case 'stage_changed': {
      const { from, to, lostReason } = entry.data;
      return `Stage changed from ${from.name} to ${to.name}${lostReason ? ` (lost reason: ${lostReason})` : ''}`;
    }
    case 'assigned': {
      const { from, to, by } = entry.data;
      return to ? `Assigned to ${to.name}${ASSIGNED_BY[by]}` : `Unassigned (was ${from?.name ?? 'nobody'})`;
    }
    case 'note_added':
      return 'Note added';
    case 'note_edited':
      return 'Note edited';
    case 'note_deleted':
      return 'Note deleted';
    case 'call':
      return `Call ${entry.data.status}${entry.data.endedReason ? ` (${entry.data.endedReason})` : ''}`;
    case 'chat': {
      const { messages, endedBy } = entry.data;
      return `Chat with the agent (${messages.length === 1 ? '1 message' : `${messages.length} messages`}, ${CHAT_ENDED_BY_TEXT[endedBy]})`;
    }
    case 'tags_changed': {
      const { added, removed } = entry.data;
      const parts = [added.length > 0 && `added ${added.join(', ')}`, removed.length > 0 && `removed ${removed.join(', ')}`].filter(Boolean);
      return parts.length > 0 ? `Tags ${parts.join('; ')}` : 'Tags respelled';
    }
    case 'consent_given':
      if (entry.data.purpose === WHATSAPP_CONSENT_PURPOSE) return `WhatsApp opt-in recorded (${CONSENT_CHANNEL_TEXT[entry.data.channel] ?? entry.data.channel})`;
      return `Consent to be contacted recorded (${CONSENT_CHANNEL_TEXT[entry.data.channel] ?? entry.data.channel}): ${entry.data.purpose}`;
    case 'consent_withdrawn':
      return `Consent withdrawn (${CONSENT_CHANNEL_TEXT[entry.data.via] ?? entry.data.via})`;
    case 'do_not_call_changed':
      return entry.data.doNotCall ? `Marked Do Not Call: ${entry.data.reason ?? ''}` : 'Do Not Call cleared';
    case 'archived':
      return 'Archived';
    case 'unarchived':
      return 'Unarchived';
    case 'previously_erased':
      return 'This person was erased before at their request: check before rebuilding their record';
    case 'possible_duplicate':
      return `Possible duplicate of another lead (${DUPLICATE_REASON_TEXT[entry.data.reason]}): review it under Possible duplicates`;
    case 'merged':
      return 'Another lead was merged into this one';
    case 'merge_undone':
      return 'A merge into this lead was undone: the other lead is back as it was';
    case 'callback':
    case 'task':
      return entry.data.text;
    case 'whatsapp_message': {
      const { direction, text, template } = entry.data;
      const said = text ?? (template ? `template ${template}` : entry.data.type);
      return direction === 'inbound' ? `WhatsApp message received: “${said}”` : `WhatsApp message sent: “${said}”`;
    }
    case 'retention_purged': {
      const calls = entry.data.callIds.length;
      const messages = entry.data.whatsappMessageIds?.length ?? 0;
      const chats = entry.data.chatSessionIds?.length ?? 0;
      if (chats > 0) return `What was said in ${chats === 1 ? '1 chat' : `${chats} chats`} purged (retention)`;
      if (messages === 0) return `Transcripts and recordings of ${calls === 1 ? '1 call' : `${calls} calls`} purged (retention)`;
      return `What ${messages === 1 ? '1 WhatsApp message' : `${messages} WhatsApp messages`} said purged (retention)`;
    }
  }
}
