import { z } from 'zod';
import { staffMemberSchema } from './staff-member';

/**
 * GET /api/auth/me and the sign-in answer: open mode (no one signs in), or the signed-in
 * staff member with the CSRF token their changes must carry.
 */
export const sessionSchema = z.object({
  authMode: z.enum(['open', 'staff']),
  staff: staffMemberSchema.nullable(),
  csrfToken: z.string().nullable(),
  /** Open mode on a production instance (DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION): the page warns in red. */
  openInProduction: z.boolean().optional(),
});
export type Session = z.infer<typeof sessionSchema>;
