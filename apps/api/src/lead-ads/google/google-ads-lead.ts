import { z } from 'zod';

/** An id Google sends as an int64: a number, or its digits as text (a JSON number past 2^53 loses digits, so either is read as text). */
const int64Id = z.union([z.string().trim().max(64), z.number().int().transform(String)]);

/**
 * A Google Ads lead form delivery (the webhook's documented `WebhookLead`): `lead_id` (unique
 * across forms: the dedupe key), `user_column_data: [{ column_id, column_name, string_value }]`,
 * `form_id`, `campaign_id`, `google_key` (the key set on the form), `is_test`, and ids of the
 * click, ad group, creative and asset group. Fields Google adds later are kept, not refused.
 */
export const googleAdsLeadSchema = z.looseObject({
  lead_id: z.string().trim().min(1).max(512),
  user_column_data: z
    .array(z.looseObject({ column_id: z.string().nullish(), column_name: z.string().nullish(), string_value: z.string().nullish() }))
    .max(500)
    .default([]),
  api_version: z.string().nullish(),
  form_id: int64Id.nullish(),
  campaign_id: int64Id.nullish(),
  google_key: z.string().nullish(),
  is_test: z.boolean().nullish(),
  gcl_id: z.string().nullish(),
  adgroup_id: int64Id.nullish(),
  creative_id: int64Id.nullish(),
  asset_group_id: int64Id.nullish(),
  lead_stage: z.string().nullish(),
  /** ISO 8601, e.g. 2024-09-26T12:30:00Z. */
  lead_submit_time: z.string().nullish(),
});

export type GoogleAdsLead = z.infer<typeof googleAdsLeadSchema>;
