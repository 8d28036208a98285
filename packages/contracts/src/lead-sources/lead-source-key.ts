import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { plainText } from '../common/text';

/** Every key starts so, for people and secret scanners to recognise it. */
export const LEAD_SOURCE_KEY_PREFIX = 'ldk_';

/** An API key of a lead source as listed: never the key itself, which is shown once. */
export const leadSourceKeySchema = z.object({
  id: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  label: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type LeadSourceKey = z.infer<typeof leadSourceKeySchema>;

/** POST /api/lead-sources/:id/keys. */
export const newLeadSourceKeySchema = z.strictObject({
  label: plainText().trim().max(80, 'must be at most 80 characters').optional(),
});
export type NewLeadSourceKey = z.input<typeof newLeadSourceKeySchema>;

/** The answer to POST /api/lead-sources/:id/keys: the key, this once. */
export const createdLeadSourceKeySchema = leadSourceKeySchema.extend({ key: z.string() });
export type CreatedLeadSourceKey = z.infer<typeof createdLeadSourceKeySchema>;

/** The route params of one key of one source. */
export const leadSourceKeyParamsSchema = z.object({ id: recordIdSchema, keyId: recordIdSchema });
