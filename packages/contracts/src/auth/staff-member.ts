import { z } from 'zod';
import { staffRoleSchema } from './staff-role';

/** Who is signed in, as the session shows them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
