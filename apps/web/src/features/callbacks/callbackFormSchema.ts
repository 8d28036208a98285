import { CALLBACK_CONSENT_WORDING, CALLBACK_WHATSAPP_OPT_IN_WORDING, callbackRequestSchema, type CallbackRequest } from '@lead-desk/contracts';
import { z } from 'zod';

const contract = callbackRequestSchema.shape;

/** Catches what cannot be a phone number before sending; the API reads the number for real and its answer lands on the field too. */
const looksLikePhoneNumber = (text: string) => /^\+?[\d\s().-]{6,24}$/.test(text);

/** A `datetime-local` value (the visitor's own clock), empty for "any time". */
const preferredTime = z
  .string()
  .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), 'must be a date and time')
  .refine((value) => value === '' || new Date(value).getTime() > Date.now(), 'must be in the future')
  .transform((value) => (value === '' ? undefined : new Date(value).toISOString()));

/**
 * The "Request a callback" form as it holds its fields (text inputs, a select, a checkbox),
 * read into the contract's body: the consent, and the optional WhatsApp opt-in when ticked, are sent with the exact words shown beside them,
 * empty optional fields are left out, and the hidden `website` goes along only when filled.
 */
export const callbackFormSchema = z
  .object({
    name: contract.name,
    phone: contract.phone.refine(looksLikePhoneNumber, 'is not a valid phone number'),
    email: contract.email,
    preferredTime,
    propertyId: z.string().transform((id) => (id === '' ? undefined : Number(id))),
    consent: z.boolean().refine((given) => given, 'is needed: we call only when you agree'),
    whatsappOptIn: z.boolean(),
    website: z.string(),
  })
  .transform(
    ({ name, phone, email, preferredTime, propertyId, whatsappOptIn, website }): CallbackRequest => ({
      name,
      phone,
      ...(email && { email }),
      ...(preferredTime && { preferredTime }),
      ...(propertyId !== undefined && { propertyId }),
      consent: true,
      consentWording: CALLBACK_CONSENT_WORDING,
      ...(whatsappOptIn && { whatsappOptIn: true, whatsappOptInWording: CALLBACK_WHATSAPP_OPT_IN_WORDING }),
      ...(website !== '' && { website }),
    }),
  );

export type CallbackFormValues = z.input<typeof callbackFormSchema>;

export const EMPTY_CALLBACK_FORM: CallbackFormValues = { name: '', phone: '', email: '', preferredTime: '', propertyId: '', consent: false, whatsappOptIn: false, website: '' };
