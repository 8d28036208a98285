import { z } from 'zod';
import { pageCursorSchema } from '../common/text';

/** Where a stored delivery stands: processed, failed (kept for a replay), naming no call, or not processed yet. */
export const webhookEventStatusSchema = z.enum(['processed', 'failed', 'unattributable', 'pending']);
export type WebhookEventStatus = z.infer<typeof webhookEventStatusSchema>;

/** A stored voice-platform delivery as an admin sees it in the webhook inbox. */
export const webhookEventSchema = z.object({
  id: z.string(),
  /** Who sent it: vapi, meta or google_ads. */
  channel: z.string(),
  /** The sender's own id of the delivery (Meta's leadgen_id, Google's lead_id); null for Vapi's. */
  externalId: z.string().nullable(),
  type: z.string(),
  vapiCallId: z.string().nullable(),
  status: webhookEventStatusSchema,
  receivedAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** The message as received, with credentials it may embed (an assistant's server headers, API keys) masked. */
  payload: z.unknown(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** GET /api/webhooks/events: the stored events with a problem, newest first, a page at a time. */
export const webhookEventsQuerySchema = z.object({
  status: z.enum(['failed', 'unattributable'], 'must be failed or unattributable').default('failed'),
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: pageCursorSchema.optional(),
});
export type WebhookEventsQuery = z.input<typeof webhookEventsQuerySchema>;
/** Which stored events an admin looks at. */
export type InboxStatus = z.output<typeof webhookEventsQuerySchema>['status'];

export const webhookEventPageSchema = z.object({
  events: z.array(webhookEventSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type WebhookEventPage = z.infer<typeof webhookEventPageSchema>;

/** POST /api/webhooks/events/:id/replay's answer. */
export const replayResultSchema = z.object({
  outcome: z.enum(['processed', 'failed', 'unattributable']),
  event: webhookEventSchema,
});
export type ReplayResult = z.infer<typeof replayResultSchema>;
