import { newStaffMemberSchema, type NewStaffMember } from '@lead-desk/contracts';
import { z } from 'zod';

/** Blank is "is required" before the contract's own check: an empty email or password is missing, not malformed. */
const required = <Output>(schema: z.ZodType<Output, string>) => z.string().refine((value) => value.trim() !== '', 'is required').pipe(schema);

/** The contract's new staff member as the add form checks it. */
export const addStaffFormSchema = newStaffMemberSchema.extend({
  email: required(newStaffMemberSchema.shape.email),
  password: required(newStaffMemberSchema.shape.password),
});

export const EMPTY_STAFF_MEMBER: NewStaffMember = { name: '', email: '', role: 'agent', password: '' };
