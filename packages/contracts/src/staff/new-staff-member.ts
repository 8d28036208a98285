import { z } from 'zod';
import { staffRoleSchema } from '../auth/staff-role';
import { plainText } from '../common/text';

export const MIN_PASSWORD_LENGTH = 12;

/** POST /api/staff (and `pnpm staff:create`). */
export const newStaffMemberSchema = z.strictObject({
  email: plainText().trim().toLowerCase().pipe(z.email('must be a valid email address').max(254)),
  name: plainText().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  role: staffRoleSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});
export type NewStaffMember = z.input<typeof newStaffMemberSchema>;
