import type { LeadActivityType } from '@lead-desk/contracts';

/**
 * Timeline entries that count as the owner answering the lead (a note, a stage, an edit, a call,
 * a WhatsApp message they sent, tags, consent or Do Not Call, archiving). Writing the lead in (`created`, `imported`), routing it
 * (`assigned`) and what the system notes by itself are not an answer, even under the owner's name.
 */
export const OWNER_ACTION_TYPES: ReadonlySet<LeadActivityType> = new Set<LeadActivityType>([
  'updated',
  'stage_changed',
  'note_added',
  'note_edited',
  'note_deleted',
  'call',
  'whatsapp_message',
  'tags_changed',
  'consent_given',
  'consent_withdrawn',
  'do_not_call_changed',
  'archived',
  'unarchived',
]);
