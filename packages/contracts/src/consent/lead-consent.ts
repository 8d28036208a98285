import { z } from 'zod';
import { text } from '../common/text';

/** How a consent was given or withdrawn. */
export const consentChannelSchema = z.enum(['voice_call', 'web_form', 'chat', 'import', 'staff', 'whatsapp'], 'must be voice_call, web_form, chat, import, staff or whatsapp');
export type ConsentChannel = z.infer<typeof consentChannelSchema>;

/**
 * What proves a consent or its withdrawal, by channel: the call and the caller's own
 * words, the form submission, the import file and row, or the member of staff who heard it.
 */
export const consentEvidenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('voice_call'), callId: z.string(), vapiCallId: z.string(), transcriptLines: z.array(z.string()) }),
  z.object({ kind: z.literal('web_form'), submission: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal('chat'), conversationId: z.string(), lines: z.array(z.string()) }),
  z.object({ kind: z.literal('import'), file: z.string(), row: z.number().int() }),
  z.object({ kind: z.literal('staff'), staffId: z.string().nullable(), note: z.string().nullable() }),
  /** The person's own WhatsApp message (a STOP), by our id and Meta's, with its words. */
  z.object({ kind: z.literal('whatsapp'), messageId: z.string(), waMessageId: z.string(), text: z.string() }),
]);
export type ConsentEvidence = z.infer<typeof consentEvidenceSchema>;

/** One consent of a lead, as GET /api/leads/:id/consents lists them (newest first). Withdrawal keeps the record. */
export const leadConsentSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  channel: consentChannelSchema,
  purpose: z.string(),
  wording: z.string(),
  givenAt: z.iso.datetime(),
  evidence: consentEvidenceSchema,
  withdrawnAt: z.iso.datetime().nullable(),
  withdrawnVia: consentChannelSchema.nullable(),
  withdrawnEvidence: consentEvidenceSchema.nullable(),
});
export type LeadConsent = z.infer<typeof leadConsentSchema>;

/** The purpose of a consent to WhatsApp messages (templates and replies); any other purpose is a consent to be called. */
export const WHATSAPP_CONSENT_PURPOSE = 'whatsapp';

/** The purpose a consent is for when none is named: the calls this product places. */
export const DEFAULT_CONSENT_PURPOSE = 'Calls about properties that match their enquiry';

/**
 * POST /api/leads/:id/consents: staff record a consent the person gave them (by phone, in
 * person); the evidence is that member of staff and their note.
 */
export const newConsentSchema = z.strictObject({
  purpose: text(200).pipe(z.string().min(1, 'is required')).default(DEFAULT_CONSENT_PURPOSE),
  wording: text(2000).pipe(z.string().min(1, 'is required')),
  givenAt: z.iso.datetime('must be an ISO 8601 date-time').optional(),
  note: text(1000).nullish(),
});
export type NewConsent = z.input<typeof newConsentSchema>;

/** POST /api/leads/:id/consents/:consentId/withdraw: by which channel the person withdrew it (staff by default). */
export const consentWithdrawalSchema = z.strictObject({
  via: consentChannelSchema.default('staff'),
  note: text(1000).nullish(),
});
export type ConsentWithdrawal = z.input<typeof consentWithdrawalSchema>;
