import { ForbiddenFieldException } from '../../common/field-errors';
import type { LeadAccess } from './lead-access';

/**
 * Whom a request may make a lead's owner: anyone (admins, and everyone while AUTH_MODE=open),
 * or, for an agent, themselves or nobody, as the page offers them.
 */
export function mayAssignTo(access: LeadAccess, ownerId: string | null): boolean {
  return access.kind === 'all' || ownerId === null || ownerId === access.staffId;
}

/** Every path that sets an owner on a request's behalf asks this first: a 403 naming `field` otherwise. */
export function assertMayAssignTo(access: LeadAccess, ownerId: string | null, field: string): void {
  if (mayAssignTo(access, ownerId)) return;
  throw new ForbiddenFieldException(
    [{ field, message: 'must be your own id or null: an agent assigns leads only to themselves or to nobody' }],
    'An agent assigns leads only to themselves or to nobody; an admin assigns them to anyone.',
  );
}
