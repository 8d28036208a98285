import { z } from 'zod';

/** The answer to POST /api/inbound/leads (201 the first time, 200 for a repeat of its externalId). */
export const inboundLeadReceiptSchema = z.object({
  leadId: z.string(),
  /** A new lead was made (otherwise the stored lead of the same person took it). */
  created: z.boolean(),
  /** When the agent will call; null when it will not (its source's switch is off, a test lead, Do Not Call…). */
  firstCallAt: z.iso.datetime().nullable(),
  /** Why the agent will not call, or why the call waits, in words; null when it calls as soon as it can. */
  callNote: z.string().nullable(),
  /** A test lead ("send a test lead"): stored, never called. */
  test: z.boolean(),
});
export type InboundLeadReceipt = z.infer<typeof inboundLeadReceiptSchema>;

/** Longest externalId a source may send: its own lead id, a UUID or so. */
export const INBOUND_EXTERNAL_ID_MAX = 200;
