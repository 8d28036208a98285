import { z } from 'zod';
import { errorBodySchema } from '../errors/error-body';

const database = z.enum(['sqlite', 'postgresql']);

/** GET /api/health when the database answers. */
export const healthSchema = z.object({ status: z.literal('ok'), database });
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health's 503: the database does not answer. */
export const healthFailureSchema = errorBodySchema.extend({ status: z.literal('error'), database });
export type HealthFailure = z.infer<typeof healthFailureSchema>;
