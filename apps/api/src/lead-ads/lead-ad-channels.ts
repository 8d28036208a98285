/** The inbox channels of the ad platforms' lead webhooks (WebhookEvent.channel). */
export const META_CHANNEL = 'meta';
export const GOOGLE_ADS_CHANNEL = 'google_ads';
export type LeadAdChannel = typeof META_CHANNEL | typeof GOOGLE_ADS_CHANNEL;
export const LEAD_AD_CHANNELS: LeadAdChannel[] = [META_CHANNEL, GOOGLE_ADS_CHANNEL];

/** The built-in lead sources their leads carry, with their LeadSource kind. */
export const FACEBOOK_ADS_SOURCE = { name: 'facebook ads', kind: 'meta' } as const;
export const INSTAGRAM_ADS_SOURCE = { name: 'instagram ads', kind: 'meta' } as const;
export const GOOGLE_ADS_SOURCE = { name: 'google ads', kind: 'google_ads' } as const;
export type LeadAdSource = typeof FACEBOOK_ADS_SOURCE | typeof INSTAGRAM_ADS_SOURCE | typeof GOOGLE_ADS_SOURCE;

/**
 * Where a refusal or a Graph failure of Meta's webhook is counted: a refused delivery, or a lead
 * not read yet, does not say whether it came from Facebook or Instagram.
 */
export const META_WEBHOOK_SOURCE = FACEBOOK_ADS_SOURCE;
