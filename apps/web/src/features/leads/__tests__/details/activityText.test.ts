import type { LeadActivity } from '@lead-desk/contracts';
import { describe, expect, it } from 'vitest';
import { activityText } from '../../components/details/activityText';

const entry = (type: LeadActivity['type'], data: unknown) => ({ id: 'a-1', leadId: 'lead-1', type, at: '2026-11-24T00:00:00.000Z', actor: null, data }) as LeadActivity;

describe('activityText', () => {
  it('says which tags were added and removed', () => {
    expect(activityText(entry('tags_changed', { added: ['VIP', 'NRI'], removed: ['Cold'] }))).toBe('Tags added VIP, NRI; removed Cold');
    expect(activityText(entry('tags_changed', { added: [], removed: ['Cold'] }))).toBe('Tags removed Cold');
  });

  it('names the stages of a stage change and the lost reason', () => {
    const change = { from: { id: 'stage-new', name: 'New' }, to: { id: 'stage-lost', name: 'Lost' }, lostReason: 'Bought elsewhere' };
    expect(activityText(entry('stage_changed', change))).toBe('Stage changed from New to Lost (lost reason: Bought elsewhere)');
  });

  it('says why a lead may duplicate another', () => {
    expect(activityText(entry('possible_duplicate', { pairId: 'p-1', otherLeadId: 'lead-0', reason: 'gmail_variant' }))).toBe(
      'Possible duplicate of another lead (Gmail variant): review it under Possible duplicates',
    );
  });

  it('shows a task entry in the words the API wrote', () => {
    const text = 'Site visit booked for Sun 29 Nov, 11:00 at Skyline Residency 2BHK by the agent during call call-7f3a; assigned to Ravi Kumar';
    expect(activityText(entry('task', { taskId: 't-1', taskType: 'site_visit', event: 'created', vapiCallId: 'call-7f3a', text }))).toBe(text);
  });

  it('tells a WhatsApp opt-in from a consent to be called, with the channel each came by', () => {
    expect(activityText(entry('consent_given', { consentId: 'c-1', channel: 'web_form', purpose: 'whatsapp' }))).toBe('WhatsApp opt-in recorded (web form)');
    expect(activityText(entry('consent_given', { consentId: 'c-2', channel: 'voice_call', purpose: 'Calls about properties that match their enquiry' }))).toBe(
      'Consent to be contacted recorded (on a call): Calls about properties that match their enquiry',
    );
  });

  it('quotes a WhatsApp message each way, and names a template sent without a body', () => {
    const message = { messageId: 'm-1', type: 'text', template: null, sentAt: '2026-11-24T00:00:00.000Z' };
    expect(activityText(entry('whatsapp_message', { ...message, direction: 'inbound', text: 'Is it available?' }))).toBe('WhatsApp message received: “Is it available?”');
    expect(activityText(entry('whatsapp_message', { ...message, direction: 'outbound', type: 'template', text: null, template: 'callback_missed' }))).toBe('WhatsApp message sent: “template callback_missed”');
  });

  it('says what a retention purge removed: calls’ transcripts, what WhatsApp messages said, or what was said in chats', () => {
    expect(activityText(entry('retention_purged', { callIds: ['c-1', 'c-2'] }))).toBe('Transcripts and recordings of 2 calls purged (retention)');
    expect(activityText(entry('retention_purged', { callIds: [], whatsappMessageIds: ['m-1'] }))).toBe('What 1 WhatsApp message said purged (retention)');
    expect(activityText(entry('retention_purged', { callIds: [], chatSessionIds: ['s-1', 's-2'] }))).toBe('What was said in 2 chats purged (retention)');
  });

  it('counts a chat’s messages and says who ended it', () => {
    const messages = [
      { role: 'visitor', text: 'Hi', at: null },
      { role: 'agent', text: 'Namaste! How can I help?', at: null },
    ];
    expect(activityText(entry('chat', { chatSessionId: 'c-1', vapiSessionId: 's-1', endedBy: 'idle', messages }))).toBe('Chat with the agent (2 messages, ended when idle)');
  });
});
