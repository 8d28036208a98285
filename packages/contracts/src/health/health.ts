import { z } from 'zod';
import { errorBodySchema } from '../errors/error-body';

const database = z.enum(['sqlite', 'postgresql']);

/** GET /api/health when the database answers. */
export const healthSchema = z.object({ status: z.literal('ok'), database });
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health's 503: the database does not answer. */
export const healthFailureSchema = errorBodySchema.extend({ status: z.literal('error'), database });
export type HealthFailure = z.infer<typeof healthFailureSchema>;

/** GET /api/health/ready when this instance takes traffic: a load balancer sends it requests. */
export const readinessSchema = z.object({ status: z.literal('ready'), database });
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/health/ready's 503: the instance is shutting down, or its database does not answer; a load balancer sends it nothing new. */
export const readinessFailureSchema = errorBodySchema.extend({ status: z.enum(['shutting-down', 'database-unreachable']), database });
export type ReadinessFailure = z.infer<typeof readinessFailureSchema>;
