import { z } from 'zod';

/** Admins manage staff and files; agents view, add and call leads. */
export const staffRoleSchema = z.enum(['admin', 'agent'], 'must be admin or agent');
export type StaffRole = z.infer<typeof staffRoleSchema>;
