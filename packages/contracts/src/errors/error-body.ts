import { z } from 'zod';
import { fieldErrorSchema } from './field-error';

/** Every error answer: Nest's status, its name and a message a person can read; a 400 also names each bad field. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
