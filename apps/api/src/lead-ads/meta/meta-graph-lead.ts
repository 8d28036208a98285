import { z } from 'zod';

/** The fields of a Lead the API reads (`GET /{version}/{leadgen_id}?fields=…`). */
export const META_LEAD_FIELDS = ['field_data', 'created_time', 'campaign_id', 'form_id', 'ad_id', 'platform', 'is_organic'] as const;

/** A Graph id or name that may be absent or null. */
const optionalText = z.string().nullish();

/**
 * A Lead as the Graph API answers it: the form's answers as `field_data: [{ name, values }]`
 * (one entry per question, its values the options picked or the text typed), `created_time`
 * as ISO 8601 (`2026-11-20T04:45:30+0000`), the ad's ids, `platform` (`fb`, `ig`) and
 * `is_organic`. Fields it does not send are left out, never guessed.
 */
export const metaGraphLeadSchema = z.looseObject({
  id: z.string(),
  created_time: optionalText,
  field_data: z.array(z.looseObject({ name: z.string(), values: z.array(z.string()).nullish() })).default([]),
  campaign_id: optionalText,
  form_id: optionalText,
  ad_id: optionalText,
  platform: optionalText,
  is_organic: z.boolean().nullish(),
});

export type MetaGraphLead = z.infer<typeof metaGraphLeadSchema>;
