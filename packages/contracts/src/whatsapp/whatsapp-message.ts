import { z } from 'zod';
import { actorSchema } from '../notes/lead-note';

/** Whose message: the person's (inbound) or ours (outbound). */
export const whatsappDirectionSchema = z.enum(['inbound', 'outbound']);
export type WhatsappDirection = z.infer<typeof whatsappDirectionSchema>;

/**
 * Where a message stands. The person's: received. Ours: pending (waiting in the outbox, e.g.
 * after Meta's rate limit), sending (handed to Meta, its answer not recorded yet), accepted (Meta
 * gave its id), then Meta's statuses sent, delivered, read, or failed (with Meta's reason).
 */
export const whatsappMessageStatusSchema = z.enum(['received', 'pending', 'sending', 'accepted', 'sent', 'delivered', 'read', 'failed']);
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
