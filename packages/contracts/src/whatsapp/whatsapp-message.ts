import { z } from 'zod';
import { text } from '../common/text';
import { actorSchema } from '../notes/lead-note';

/** Whose message: the person's (inbound) or ours (outbound). */
export const whatsappDirectionSchema = z.enum(['inbound', 'outbound']);
export type WhatsappDirection = z.infer<typeof whatsappDirectionSchema>;

/**
 * Where a message stands. The person's: received. Ours: pending (waiting in the outbox, e.g.
 * after Meta's rate limit), sending (handed to Meta, its answer not recorded yet), accepted (Meta
 * gave its id), then Meta's statuses sent, delivered, read, or failed (with Meta's reason).
 */
export const whatsappMessageStatusSchema = z.enum(['received', 'pending', 'sending', 'unconfirmed', 'accepted', 'sent', 'delivered', 'read', 'failed']);
export type WhatsappMessageStatus = z.infer<typeof whatsappMessageStatusSchema>;

/**
 * A message of a lead's WhatsApp conversation, as GET /api/leads/:id/whatsapp/messages lists them
 * (newest first) and the live event `whatsapp.message` carries it when it arrives or its status changes.
 */
export const whatsappMessageSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  direction: whatsappDirectionSchema,
  /** text or template for ours; Meta's type for the person's (text, button, image, …). */
  type: z.string(),
  /** What it says (a template as filled in; a button's label; a caption); null for media without one, or once the retention purge removed it. */
  text: z.string().nullable(),
  /** The template sent, and its parameter values in order. */
  template: z.object({ name: z.string(), language: z.string(), variables: z.array(z.string()) }).nullable(),
  /** When it was sent: Meta's timestamp for the person's, when it was asked for ours. */
  sentAt: z.iso.datetime(),
  status: whatsappMessageStatusSchema,
  statusAt: z.iso.datetime().nullable(),
  /** Why it failed: Meta's error code (null for our own reasons) and its reason in words. */
  error: z.object({ code: z.number().int().nullable(), reason: z.string() }).nullable(),
  /** The member of staff who sent it; null for the person's, automatic ones and open mode. */
  sender: actorSchema,
});
export type WhatsappMessage = z.infer<typeof whatsappMessageSchema>;

/** The longest free text WhatsApp carries (a text message's body). */
export const WHATSAPP_TEXT_MAX = 4096;

/**
 * POST /api/leads/:id/whatsapp/messages: free text (`{ text }`, inside the 24-hour window only), or
 * a registered template by its id or name (`{ template, language?, variables? }`: `language` picks
 * among a name's translations, `variables` gives values by key, over their sources).
 */
export const sendWhatsappMessageSchema = z
  .strictObject({
    text: text(WHATSAPP_TEXT_MAX).pipe(z.string().min(1, 'must not be empty')).optional(),
    template: text(512).pipe(z.string().min(1, 'must not be empty')).optional(),
    language: text(20).optional(),
    variables: z.record(z.string(), text(1024), 'must be an object of values by variable key').optional(),
  })
  .superRefine((message, context) => {
    if (message.text === undefined && message.template === undefined) context.addIssue({ code: 'custom', path: ['text'], message: 'is required: give text, or a template' });
    if (message.text !== undefined && message.template !== undefined) context.addIssue({ code: 'custom', path: ['template'], message: 'must not be given with text: send one or the other' });
    for (const field of ['language', 'variables'] as const) {
      if (message.text !== undefined && message[field] !== undefined) context.addIssue({ code: 'custom', path: [field], message: 'goes with a template, not with text' });
    }
  });
export type SendWhatsappMessage = z.input<typeof sendWhatsappMessageSchema>;

/** GET /api/leads/:id/whatsapp/messages: the newest `limit` messages. */
export const whatsappMessagesQuerySchema = z.object({
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
});

/**
 * GET /api/leads/:id/whatsapp/reply: what a reply to the lead may be now, by the rules a send
 * follows, so the reply box offers free text or templates without guessing.
 */
export const whatsappReplyOptionsSchema = z.object({
  /** Why nothing can be sent while WhatsApp is not configured ("WhatsApp is not configured: set …"); null when it is. */
  notConfigured: z.string().nullable(),
  /** Why no message at all may go to the person (no phone, Do Not Call, the DND list, no or a withdrawn opt-in): the send's 409 reason; null when templates may go. */
  refusal: z.object({ code: z.string(), reason: z.string() }).nullable(),
  /** The 24-hour window for free text, counted from Meta's timestamp of the person's last message. */
  window: z.object({
    open: z.boolean(),
    /** When free text stops being allowed (or stopped); null if the person never wrote. */
    closesAt: z.iso.datetime().nullable(),
    lastInboundAt: z.iso.datetime().nullable(),
  }),
});
export type WhatsappReplyOptions = z.infer<typeof whatsappReplyOptionsSchema>;
