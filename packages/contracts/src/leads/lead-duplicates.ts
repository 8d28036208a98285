import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { pageCursorSchema, plainText } from '../common/text';

/**
 * Why two leads may be one person: the same phone, the same email, an email that is the
 * same Gmail mailbox (dots and +tags aside), or a close name in the same location.
 */
export const DUPLICATE_REASONS = ['same_phone', 'same_email', 'gmail_variant', 'close_name_same_location'] as const;
export const duplicateReasonSchema = z.enum(DUPLICATE_REASONS);
export type DuplicateReason = z.infer<typeof duplicateReasonSchema>;

/** One lead of a pair, as the duplicates list shows it. */
export const duplicateLeadSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  source: z.string(),
  createdAt: z.iso.datetime(),
  archived: z.boolean(),
});
export type DuplicateLead = z.infer<typeof duplicateLeadSchema>;

/** GET /api/leads/duplicates: two leads that may be one person, the later one flagged. */
export const duplicatePairSchema = z.object({
  id: z.string(),
  reason: duplicateReasonSchema,
  detectedAt: z.iso.datetime(),
  /** The lead written later, which was flagged. */
  lead: duplicateLeadSchema,
  /** The lead written earlier, which it may be. */
  other: duplicateLeadSchema,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** GET /api/leads/duplicates: newest first, a page at a time; `leadId` narrows to the pairs of one lead. */
export const duplicatesQuerySchema = z.strictObject({
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: pageCursorSchema.optional(),
  leadId: recordIdSchema.optional(),
});
export type DuplicatesQuery = z.input<typeof duplicatesQuerySchema>;

/** GET /api/leads/matches: who a phone or email typed into a lead's form belongs to already. */
export const leadMatchesQuerySchema = z.strictObject({
  phone: plainText().trim().max(40, 'must be at most 40 characters').optional(),
  email: plainText().trim().toLowerCase().max(254, 'must be at most 254 characters').optional(),
  /** The lead being edited, left out of its own matches. */
  exceptId: recordIdSchema.optional(),
});
export type LeadMatchesQuery = z.input<typeof leadMatchesQuerySchema>;

/**
 * A stored lead with that phone or email. A lead the viewer may not see (another agent's)
 * is named by nothing but the fact: `lead` is null.
 */
export const leadMatchSchema = z.object({
  field: z.enum(['phone', 'email']),
  reason: duplicateReasonSchema,
  lead: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
});
export type LeadMatch = z.infer<typeof leadMatchSchema>;

/** The 409 of a lead created over another's phone or email without `allowDuplicate`. */
export const duplicateLeadConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** The stored lead it collides with (the oldest, when several). */
  existingLeadId: z.string(),
});
export type DuplicateLeadConflict = z.infer<typeof duplicateLeadConflictSchema>;
