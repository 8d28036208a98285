import { ForbiddenFieldException } from '../common/field-errors';
import type { LeadAccess } from '../leads/access/lead-access';
import { mayAssignTo } from '../leads/access/owner-assignment';

/** Leads' rule for tasks: an agent gives a task only to themselves or to nobody; admins (and the agent's bookings) to anyone. */
export function assertMayAssignTask(access: LeadAccess, assigneeId: string | null): void {
  if (mayAssignTo(access, assigneeId)) return;
  throw new ForbiddenFieldException(
    [{ field: 'assigneeId', message: 'must be your own id or null: an agent assigns tasks only to themselves or to nobody' }],
    'An agent assigns tasks only to themselves or to nobody; an admin assigns them to anyone.',
  );
}
