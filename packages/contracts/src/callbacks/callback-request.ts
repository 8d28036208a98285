import { z } from 'zod';
import { plainText, text } from '../common/text';
import { leadInputSchema } from '../leads/lead-input';

/**
 * The consent the "Request a callback" form asks for, word for word: the page shows it beside
 * the checkbox and sends it as `consentWording`, and the consent record keeps what was sent.
 */
export const CALLBACK_CONSENT_WORDING =
  'I agree to be called on this number, by an AI voice agent or a member of the team, about properties that match my enquiry. I can ask not to be called again at any time.';

/**
 * The form's own WhatsApp opt-in, word for word: an optional checkbox, unticked until the person
 * ticks it; the page sends it as `whatsappOptInWording` with `whatsappOptIn: true`, and the
 * WhatsApp consent (purpose "whatsapp") keeps what was sent.
 */
export const CALLBACK_WHATSAPP_OPT_IN_WORDING =
  'Send me details of properties and my site visits on WhatsApp, on this number. I can reply STOP at any time to stop these messages.';

/** The hidden field of the form that people never see and bots fill in: a filled one is answered like a success and stored nowhere. */
export const CALLBACK_HONEYPOT_FIELD = 'website';

/**
 * POST /api/callback-requests's body (public). The API reads `phone` further (a valid number
 * in DEFAULT_PHONE_REGION, stored E.164), `preferredTime` (it must be in the future) and
 * `propertyId` (a property of the table, as the page lists them).
 */
export const callbackRequestSchema = z.strictObject({
  name: leadInputSchema.shape.name,
  phone: text(40).pipe(z.string().min(1, 'is required')),
  email: leadInputSchema.shape.email,
  preferredTime: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).nullish(),
  propertyId: z
    .number('must be the id of one of our properties')
    .int('must be the id of one of our properties')
    .positive('must be the id of one of our properties')
    .max(2_147_483_647, 'must be the id of one of our properties')
    .nullish(),
  consent: z.literal(true, 'must be true: the person agrees to be called'),
  consentWording: text(2000).pipe(z.string().min(1, 'is required')),
  /** Optional: true when the person ticked the WhatsApp box; its words then come as `whatsappOptInWording`. */
  whatsappOptIn: z.boolean('must be true or false').optional(),
  whatsappOptInWording: text(2000).pipe(z.string().min(1, 'is required')).optional(),
  [CALLBACK_HONEYPOT_FIELD]: plainText().max(2000, 'must be at most 2000 characters').optional(),
}).superRefine((request, context) => {
  // The wording is the opt-in's record: one without the other proves nothing.
  if (request.whatsappOptIn === true && request.whatsappOptInWording === undefined) {
    context.addIssue({ code: 'custom', path: ['whatsappOptInWording'], message: 'is required when whatsappOptIn is true' });
  }
  if (request.whatsappOptIn !== true && request.whatsappOptInWording !== undefined) {
    context.addIssue({ code: 'custom', path: ['whatsappOptInWording'], message: 'is only sent with whatsappOptIn: true' });
  }
});
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

/** What the answer to a callback request says will happen next, in words, and when the agent's first call is due (null: a member of the team calls). */
export const callbackReceiptSchema = z.object({
  message: z.string(),
  callAt: z.iso.datetime().nullable(),
});
export type CallbackReceipt = z.infer<typeof callbackReceiptSchema>;
