import { raw, sql, type Sql } from '../../database/sql';
import type { LeadAccess } from './lead-access';

/** The SQL form of canSeeLead over the leads table (or its alias `table`): none for every lead, the owner rule for an agent. */
export function leadAccessConditions(access: LeadAccess, table?: string): Sql[] {
  const ownerId = raw(table ? `${table}.owner_id` : 'owner_id');
  return access.kind === 'all' ? [] : [sql`(${ownerId} IS NULL OR ${ownerId} = ${access.staffId})`];
}

/** Tells cached results of different viewers apart. */
export function leadAccessKey(access: LeadAccess): string {
  return access.kind === 'all' ? 'all' : `own:${access.staffId}`;
}
