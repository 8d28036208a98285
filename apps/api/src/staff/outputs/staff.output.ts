import { staffProfileSchema, type StaffProfile, type StaffRole } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StaffOutput extends createZodDto(staffProfileSchema) {}

export function toStaffOutput(staff: {
  id: string;
  email: string;
  name: string;
  role: string;
  available: boolean;
  phone: string | null;
  workingHours: string | null;
  calendarFeedHash: string | null;
  createdAt: Date;
}): StaffProfile {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role as StaffRole,
    available: staff.available,
    phone: staff.phone,
    workingHours: staff.workingHours,
    // Whether a feed exists, never its hash.
    calendarFeed: staff.calendarFeedHash !== null,
    createdAt: staff.createdAt.toISOString(),
  };
}
