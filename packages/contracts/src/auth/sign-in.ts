import { z } from 'zod';
import { plainText } from '../common/text';

/** POST /api/auth/sign-in. */
export const signInSchema = z.strictObject({
  email: plainText().trim().toLowerCase().min(1, 'is required').max(254, 'must be at most 254 characters'),
  password: z.string().min(1, 'is required').max(200),
});
export type SignIn = z.input<typeof signInSchema>;
