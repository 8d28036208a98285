export type StaffRole = 'admin' | 'agent';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export interface StaffAccount extends StaffMember {
  createdAt: string;
}

/** GET /api/auth/me: open mode (no one signs in), or the signed-in staff member. */
export interface Session {
  authMode: 'open' | 'staff';
  staff: StaffMember | null;
  csrfToken: string | null;
}

export interface NewStaffMember {
  name: string;
  email: string;
  role: StaffRole;
  password: string;
}
