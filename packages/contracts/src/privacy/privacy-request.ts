import { z } from 'zod';
import { plainText, text } from '../common/text';

const person = {
  phone: plainText().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').optional(),
  email: plainText().trim().min(1, 'must not be empty').max(320, 'must be at most 320 characters').optional(),
};

const onePerson = (input: { phone?: string; email?: string }) => Boolean(input.phone) !== Boolean(input.email);
const onePersonMessage = { path: ['phone'], message: 'send either phone or email' };

/** POST /api/privacy/access: the person whose data to download, by phone or by email. */
export const accessRequestSchema = z.strictObject(person).refine(onePerson, onePersonMessage);
export type AccessRequest = z.input<typeof accessRequestSchema>;

/** POST /api/privacy/erasure: the person to erase, and who asked for it. */
export const erasureRequestSchema = z
  .strictObject({ ...person, requestedBy: text(200).min(1, 'must say who asked for the erasure') })
  .refine(onePerson, onePersonMessage);
export type ErasureRequest = z.input<typeof erasureRequestSchema>;

const deletionProgress = {
  attempts: z.number().int(),
  confirmedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
};
/** Vapi's side of an erasure: one deletion per call and per chat session, retried until Vapi confirms. */
export const vapiDeletionSchema = z.union([z.object({ vapiCallId: z.string(), ...deletionProgress }), z.object({ vapiSessionId: z.string(), ...deletionProgress })]);
export type VapiDeletion = z.infer<typeof vapiDeletionSchema>;

/** What remains of an erased person: the erasure record (no personal data). */
export const erasureSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  requestedBy: z.string(),
  carriedOutBy: z.string().nullable(),
  records: z.object({
    leadIds: z.array(z.string()),
    callIds: z.array(z.string()),
    deleted: z.record(z.string(), z.number().int()),
  }),
  vapiDeletions: z.array(vapiDeletionSchema),
});
export type Erasure = z.infer<typeof erasureSchema>;
