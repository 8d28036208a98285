import { z } from 'zod';
import { staffRoleSchema } from '../auth/staff-role';

export const MIN_PASSWORD_LENGTH = 12;

/** POST /api/staff (and `pnpm staff:create`). */
export const newStaffMemberSchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(254)),
  name: z.string().trim().min(1, 'is required').max(200),
  role: staffRoleSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});
export type NewStaffMember = z.input<typeof newStaffMemberSchema>;
