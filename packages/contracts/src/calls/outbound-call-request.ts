import { z } from 'zod';
import { plainText } from '../common/text';

/** POST /api/calls: `{ leadId }` calls a lead; `{ phone, name }` calls a number. */
export const outboundCallRequestSchema = z
  .strictObject({
    leadId: plainText().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
    phone: plainText().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').optional(),
    name: plainText().trim().max(200, 'must be at most 200 characters').optional(),
  })
  .refine((input) => Boolean(input.leadId) !== Boolean(input.phone), {
    path: ['leadId'],
    message: 'send either leadId, or phone (with an optional name)',
  });
export type OutboundCallRequest = z.input<typeof outboundCallRequestSchema>;
