import { z } from 'zod';
import { staffMemberSchema } from '../auth/staff-member';

/** A staff account as GET /api/staff lists it. */
export const staffAccountSchema = staffMemberSchema.extend({ createdAt: z.iso.datetime() });
export type StaffAccount = z.infer<typeof staffAccountSchema>;
