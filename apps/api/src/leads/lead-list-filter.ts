import type { LeadFilter } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../common/field-errors';

/** A LeadFilter as the queries take it: `owner=me` already read as the signed-in member of staff's id. */
export type ResolvedLeadFilter = Omit<LeadFilter, 'owner'> & {
  /** `none` (unassigned) or a staff id. */
  owner?: string;
};

/** Reads `owner=me` as the member of staff making the request; without one (open mode) it means no one, a 400. */
export function resolveLeadFilter(filter: LeadFilter, staffId: string | null): ResolvedLeadFilter {
  if (filter.owner !== 'me') return filter;
  if (!staffId) throw new InvalidFieldsException([{ field: 'owner', message: 'me needs a signed-in member of staff' }]);
  return { ...filter, owner: staffId };
}
