import { sql, type Sql } from '../../database/sql';
import type { LeadAccess } from './lead-access';

/** The SQL form of canSeeLead over the leads table: none for every lead, the owner rule for an agent. */
export function leadAccessConditions(access: LeadAccess): Sql[] {
  return access.kind === 'all' ? [] : [sql`(owner_id IS NULL OR owner_id = ${access.staffId})`];
}

/** Tells cached results of different viewers apart. */
export function leadAccessKey(access: LeadAccess): string {
  return access.kind === 'all' ? 'all' : `own:${access.staffId}`;
}
