import type { StaffRole } from './auth.decorators';

/** The signed-in staff member a request acts for. */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export const SESSION_COOKIE = 'lead_desk_session';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'express' {
  interface Request {
    staff?: StaffPrincipal;
  }
}
