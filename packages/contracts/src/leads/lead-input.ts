import { z } from 'zod';
import { optionalText, plainText, text } from '../common/text';
import { budgetFromText, MAX_BUDGET } from './budget';

/**
 * The fields a lead is written with, as POST /api/leads and each row of a CSV import
 * accept them. The API reads `phone` further (a valid number, in E.164).
 */
export const leadInputSchema = z.strictObject({
  name: plainText({ error: (issue) => (issue.input == null ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters'),
  email: plainText()
    .trim()
    .toLowerCase()
    .transform((email) => (email === '' ? null : email))
    .pipe(z.email('must be a valid email address').max(254).nullable())
    .nullish(),
  phone: optionalText(40),
  location: optionalText(200),
  qualified: z.boolean('must be true or false').optional(),
  source: optionalText(50),
  interestedIn: optionalText(200),
  budget: z
    .union(
      [z.number().nonnegative('must not be negative').max(MAX_BUDGET, `must be at most ${MAX_BUDGET}`), text(100)],
      'must be a number or text',
    )
    .nullish()
    .transform((budget) => (typeof budget === 'string' ? budgetFromText(budget) : budget)),
  timeline: optionalText(100),
  loan_needed: z.boolean('must be true or false').nullish(),
});

/** What a client sends to create a lead. */
export type LeadInput = z.input<typeof leadInputSchema>;

/**
 * POST /api/leads's body: a lead, and `allowDuplicate: true` to make it although a stored
 * lead has its phone or email (it is then flagged as a possible duplicate of that lead);
 * without it such a create is a 409 naming the stored lead.
 */
export const createLeadRequestSchema = leadInputSchema.extend({
  allowDuplicate: z.boolean('must be true or false').optional(),
});
export type CreateLeadRequest = z.input<typeof createLeadRequestSchema>;
