import { sql, type Sql } from '../database/sql';
import { canSeeLead, type LeadAccess } from '../leads/access/lead-access';

/**
 * Whether a task is in sight: its lead is (an agent's own or unassigned lead; every lead for
 * admins), or it is assigned to the viewer. One out of sight is answered as missing (404).
 */
export function canSeeTask(access: LeadAccess, leadOwnerId: string | null, assigneeId: string | null): boolean {
  return canSeeLead(access, leadOwnerId) || (access.kind !== 'all' && assigneeId === access.staffId);
}

/**
 * canSeeTask in SQL over tasks `t`: none for every task. The lead's owner is read by its key for
 * each task the other conditions leave: a correlated scalar read, which PostgreSQL cannot turn
 * into a hash of every lead an agent sees, as it did with a join or EXISTS (seconds at 1M leads).
 */
export function taskAccessConditions(access: LeadAccess): Sql[] {
  if (access.kind === 'all') return [];
  const ownerSeen = sql`(SELECT l.owner_id IS NULL OR l.owner_id = ${access.staffId} FROM leads l WHERE l.id = t.lead_id)`;
  return [sql`(t.assignee_id = ${access.staffId} OR ${ownerSeen})`];
}
