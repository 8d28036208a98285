import { z } from 'zod';

/** One field at fault and why, as a 4xx names it (`phone`: "is not a valid phone number"). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
