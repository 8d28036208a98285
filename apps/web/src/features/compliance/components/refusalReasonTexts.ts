import type { CallRefusalReason } from '@lead-desk/contracts';

/** What each refusal reason is called on the dashboard. */
export const REFUSAL_REASON_TEXT: Record<CallRefusalReason, string> = {
  do_not_call: 'Do Not Call',
  dnd_list: 'On the DND list',
  no_consent: 'No consent',
  holiday: 'Holiday',
  outside_hours: 'Outside calling hours',
};
