/**
 * The tables whose rows belong to one lead, by `id` and `lead_id`: a merge moves the merged
 * lead's rows to the kept lead, and its undo moves exactly those back.
 */
export const MOVED_WITH_THE_LEAD = ['calls', 'lead_notes', 'lead_activities', 'lead_consents', 'call_refusals', 'tasks', 'whatsapp_messages'] as const;
export type MovedTable = (typeof MOVED_WITH_THE_LEAD)[number];

/**
 * Every column that names a lead by its id, and what a merge does with it. The merge's test reads
 * the database's catalog (foreign keys to leads, and columns named lead_id or *_lead_id) and fails
 * for a column missing here: a table added later that names leads must say what a merge does to it.
 */
export const LEAD_REFERENCES: Record<string, string> = {
  ...Object.fromEntries(MOVED_WITH_THE_LEAD.map((table) => [`${table}.lead_id`, 'the merged lead’s rows move to the kept lead'])),
  'lead_tags.lead_id': 'the kept lead gets the merged lead’s tags it lacks; the merged lead’s own rows go with it and come back on undo',
  'lead_duplicates.lead_id': 'the pair of the two leads goes; the merged lead’s other pairs become the kept lead’s (or go, where the kept lead has that pair already)',
  'lead_duplicates.other_lead_id': 'as lead_duplicates.lead_id',
  'job_items.lead_id': 'a job that selected the merged lead selects the kept lead (once, if it selected both)',
  'access_log.lead_id': 'stays: the log says what happened to whom',
  'lead_response_times.lead_id': 'the kept lead keeps its own; the merged lead’s goes with its row, kept in the record, and comes back on undo',
  'lead_merges.kept_lead_id': 'the merge record itself',
  'lead_merges.merged_lead_id': 'the merge record itself',
  'callback_cadences.lead_id': 'the merged lead’s cadences end with it (deleted with its row; an undo does not bring them back): one person, the kept lead’s cadence goes on',
  'callback_cadences.open_lead_id': 'as callback_cadences.lead_id',
  'call_attempts.lead_id': 'the attempts go with their cadence',
  'webhook_events.lead_id': 'stays: the lead a lead channel’s delivery made or updated at the time (an erasure of that lead deletes the delivery)',
  'chat_sessions.lead_id': 'stays: the lead a finished chat made or updated at the time (an erasure of that lead deletes the chat); its chat entry moves with the timeline',
  'inbound_deliveries.lead_id': 'stays: the lead a delivery made or updated at the time, which a repeat of it answers',
};
