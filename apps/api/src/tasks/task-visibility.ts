import { raw, sql, type Sql } from '../database/sql';
import { canSeeLead, type LeadAccess } from '../leads/access/lead-access';

/**
 * Whether a task is in sight: its lead is (an agent's own or unassigned lead; every lead for
 * admins), or it is assigned to the viewer. One out of sight is answered as missing (404).
 */
export function canSeeTask(access: LeadAccess, leadOwnerId: string | null, assigneeId: string | null): boolean {
  return canSeeLead(access, leadOwnerId) || (access.kind !== 'all' && assigneeId === access.staffId);
}

/** canSeeTask in SQL over tasks `task` joined to their leads `lead`: none for every task. */
export function taskAccessConditions(access: LeadAccess, task = 't', lead = 'l'): Sql[] {
  if (access.kind === 'all') return [];
  const ownerId = raw(`${lead}.owner_id`);
  return [sql`(${raw(`${task}.assignee_id`)} = ${access.staffId} OR ${ownerId} IS NULL OR ${ownerId} = ${access.staffId})`];
}
