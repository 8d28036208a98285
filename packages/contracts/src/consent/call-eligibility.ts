import { z } from 'zod';
import { pageCursorSchema } from '../common/text';
import { actorSchema } from '../notes/lead-note';

/** Why an outbound call may not be placed now, most lasting first. */
export const callRefusalReasonSchema = z.enum(['do_not_call', 'dnd_list', 'no_consent', 'holiday', 'outside_hours']);
export type CallRefusalReason = z.infer<typeof callRefusalReasonSchema>;

/**
 * GET /api/leads/:id/call-eligibility: whether the agent may phone the lead now, and if
 * not the reason POST /api/calls would give in its 409, and when calling is next allowed
 * (only for the time-bound reasons; null when no time would help).
 */
export const callEligibilitySchema = z.object({
  allowed: z.boolean(),
  code: callRefusalReasonSchema.nullable(),
  reason: z.string().nullable(),
  nextAllowedAt: z.iso.datetime().nullable(),
});
export type CallEligibility = z.infer<typeof callEligibilitySchema>;

/** GET /api/calls/refusals (admins): one refused call, newest first. */
export const callRefusalSchema = z.object({
  id: z.string(),
  leadId: z.string().nullable(),
  /** The lead's name, so the admin sees whom without opening the lead (which the access log would record). */
  leadName: z.string().nullable(),
  actor: actorSchema,
  code: callRefusalReasonSchema,
  reason: z.string(),
  at: z.iso.datetime(),
});
export type CallRefusal = z.infer<typeof callRefusalSchema>;

export const callRefusalsQuerySchema = z.object({
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: pageCursorSchema.optional(),
});
export type CallRefusalsQuery = z.input<typeof callRefusalsQuerySchema>;
export const callRefusalsPageSchema = z.object({ refusals: z.array(callRefusalSchema), nextCursor: z.string().nullable() });
export type CallRefusalsPage = z.infer<typeof callRefusalsPageSchema>;
