import type { StaffPrincipal } from '../../auth/staff-session';

/**
 * Which leads a request may see and work on: every lead (admins, and everyone while
 * AUTH_MODE=open), or an agent's own leads and the unassigned ones. Lists, counts,
 * the board, stats, the export, single-lead routes and live events all apply it.
 */
export type LeadAccess = { kind: 'all' } | { kind: 'own-and-unassigned'; staffId: string };

export const EVERY_LEAD: LeadAccess = { kind: 'all' };

/** The access of the member of staff a request acts for (no one signed in: open mode, everything). */
export function leadAccessOf(staff: StaffPrincipal | undefined): LeadAccess {
  return staff?.role === 'agent' ? { kind: 'own-and-unassigned', staffId: staff.id } : EVERY_LEAD;
}

/** Whether a lead with this owner is in sight; a lead out of sight is answered as if it did not exist (404). */
export function canSeeLead(access: LeadAccess, ownerId: string | null): boolean {
  return access.kind === 'all' || ownerId === null || ownerId === access.staffId;
}
