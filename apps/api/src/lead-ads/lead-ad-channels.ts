import { BUILT_IN_SOURCE_IDS } from '../leads/intake/built-in-sources';

/** The inbox channels of the ad platforms' lead webhooks (WebhookEvent.channel). */
export const META_CHANNEL = 'meta';
export const GOOGLE_ADS_CHANNEL = 'google_ads';
export type LeadAdChannel = typeof META_CHANNEL | typeof GOOGLE_ADS_CHANNEL;
export const LEAD_AD_CHANNELS: LeadAdChannel[] = [META_CHANNEL, GOOGLE_ADS_CHANNEL];

/** The built-in lead sources their leads carry (written by the migration speed_to_lead). */
export const FACEBOOK_ADS_SOURCE = { id: BUILT_IN_SOURCE_IDS.facebookAds, name: 'facebook ads' } as const;
export const INSTAGRAM_ADS_SOURCE = { id: BUILT_IN_SOURCE_IDS.instagramAds, name: 'instagram ads' } as const;
export const GOOGLE_ADS_SOURCE = { id: BUILT_IN_SOURCE_IDS.googleAds, name: 'google ads' } as const;
export type LeadAdSource = typeof FACEBOOK_ADS_SOURCE | typeof INSTAGRAM_ADS_SOURCE | typeof GOOGLE_ADS_SOURCE;

/**
 * Where a refusal or a Graph failure of Meta's webhook is counted: a refused delivery, or a lead
 * not read yet, does not say whether it came from Facebook or Instagram.
 */
export const META_WEBHOOK_SOURCE = FACEBOOK_ADS_SOURCE;
