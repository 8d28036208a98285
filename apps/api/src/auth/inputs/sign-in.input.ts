import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export const signInSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'is required').max(254),
  password: z.string().min(1, 'is required').max(200),
});

export class SignInInput extends createZodDto(signInSchema) {}
