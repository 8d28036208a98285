import type { StaffRole } from '../../auth/auth.decorators';

export interface StaffOutput {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: string;
}

export function toStaffOutput(staff: { id: string; email: string; name: string; role: string; createdAt: Date }): StaffOutput {
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role as StaffRole, createdAt: staff.createdAt.toISOString() };
}
