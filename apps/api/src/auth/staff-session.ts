import type { StaffMember } from '@lead-desk/contracts';

/** The signed-in staff member a request acts for, and the session it came with. */
export type StaffPrincipal = StaffMember & { sessionId: string };

export const SESSION_COOKIE = 'lead_desk_session';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'express' {
  interface Request {
    staff?: StaffPrincipal;
  }
}
