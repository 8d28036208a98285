import { z } from 'zod';
import { staffMemberSchema } from '../auth/staff-member';

/** A staff account as GET /api/staff lists it; `available`: round-robin gives them new leads (agents). */
export const staffAccountSchema = staffMemberSchema.extend({ available: z.boolean(), createdAt: z.iso.datetime() });
export type StaffAccount = z.infer<typeof staffAccountSchema>;
