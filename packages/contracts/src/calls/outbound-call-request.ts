import { z } from 'zod';

/** POST /api/calls: `{ leadId }` calls a lead; `{ phone, name }` calls a number. */
export const outboundCallRequestSchema = z
  .strictObject({
    leadId: z.string().min(1).max(100).optional(),
    phone: z.string().trim().min(1).max(40).optional(),
    name: z.string().trim().max(200).optional(),
  })
  .refine((input) => Boolean(input.leadId) !== Boolean(input.phone), {
    path: ['leadId'],
    message: 'send either leadId, or phone (with an optional name)',
  });
export type OutboundCallRequest = z.input<typeof outboundCallRequestSchema>;
