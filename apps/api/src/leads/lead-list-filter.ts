import type { LeadFilter } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { InvalidFieldsException, type FieldError } from '../common/field-errors';

/**
 * A LeadFilter as the queries take it: `owner=me` read as the signed-in member of staff's
 * id, and the creation dates as the instants that bound those days in the request's zone.
 */
export type ResolvedLeadFilter = Omit<LeadFilter, 'owner' | 'createdFrom' | 'createdTo' | 'tz'> & {
  /** `none` (unassigned) or a staff id. */
  owner?: string;
  /** Leads created at or after this instant: the start of `createdFrom` in the zone. */
  createdFrom?: Date;
  /** Leads created before this instant: the start of the day after `createdTo` in the zone. */
  createdBefore?: Date;
};

/**
 * Reads `owner=me` as the member of staff making the request (without one, in open mode,
 * it means no one: a 400) and the creation dates as days in `tz`, else `appTimeZone`.
 */
export function resolveLeadFilter(filter: LeadFilter, staffId: string | null, appTimeZone: string): ResolvedLeadFilter {
  const { owner, createdFrom, createdTo, tz, ...rest } = filter;
  const errors: FieldError[] = [];
  if (owner === 'me' && !staffId) errors.push({ field: 'owner', message: 'me needs a signed-in member of staff' });
  if (createdFrom && createdTo && createdFrom > createdTo) errors.push({ field: 'createdTo', message: 'must not be before createdFrom' });
  if (errors.length) throw new InvalidFieldsException(errors);
  const zone = tz ?? appTimeZone;
  const dayStart = (date: string) => DateTime.fromISO(date, { zone }).startOf('day');
  return {
    ...rest,
    owner: owner === 'me' ? staffId! : owner,
    createdFrom: createdFrom ? dayStart(createdFrom).toJSDate() : undefined,
    createdBefore: createdTo ? dayStart(createdTo).plus({ days: 1 }).toJSDate() : undefined,
  };
}
