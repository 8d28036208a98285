import { z } from 'zod';

/** POST /api/auth/sign-in. */
export const signInSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'is required').max(254),
  password: z.string().min(1, 'is required').max(200),
});
export type SignIn = z.input<typeof signInSchema>;
