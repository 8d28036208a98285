import { z } from 'zod';

/**
 * POST /api/webhooks/vapi's answer. A type the API handles is stored, then processed
 * (`processed: false`, status 202, when that failed: it is kept for a replay); other
 * types are acknowledged alone. A handled message that names no call is stored as
 * unattributable (202).
 */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  stored: z.boolean().optional(),
  processed: z.boolean().optional(),
  /** Stored, but it names no call: kept for an admin to look at, never retried by itself. */
  unattributable: z.literal(true).optional(),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
