import type { AccessLogAction } from '@lead-desk/contracts';

/** What each access log action is called on the dashboard. */
export const ACTION_TEXT: Record<AccessLogAction, string> = {
  leads_exported: 'Exported leads',
  lead_viewed: 'Opened a lead',
  recording_played: 'Played a recording',
  access_archive_downloaded: 'Downloaded a person’s data',
  person_erased: 'Erased a person',
  retention_purged: 'Retention purge',
  do_not_call_changed: 'Changed Do Not Call',
  consent_changed: 'Changed consent',
  leads_merged: 'Merged two leads',
  merge_undone: 'Undid a merge',
  lead_source_changed: 'Changed a lead source',
  lead_source_key_created: 'Made a lead source API key',
  lead_source_key_revoked: 'Revoked a lead source API key',
};
