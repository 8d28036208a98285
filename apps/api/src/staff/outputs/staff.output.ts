import { staffAccountSchema, type StaffAccount, type StaffRole } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StaffOutput extends createZodDto(staffAccountSchema) {}

export function toStaffOutput(staff: { id: string; email: string; name: string; role: string; available: boolean; createdAt: Date }): StaffAccount {
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role as StaffRole, available: staff.available, createdAt: staff.createdAt.toISOString() };
}
