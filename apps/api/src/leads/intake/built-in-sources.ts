/** The lead sources every installation has (the migration speed_to_lead writes them): their ids, by channel. */
export const BUILT_IN_SOURCE_IDS = {
  callbackForm: 'source-web-form',
  facebookAds: 'source-facebook-ads',
  instagramAds: 'source-instagram-ads',
  googleAds: 'source-google-ads',
} as const;
