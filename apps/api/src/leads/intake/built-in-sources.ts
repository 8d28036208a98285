/** The lead sources every installation has (the migrations speed_to_lead and whatsapp_messages write them): their ids, by channel. */
export const BUILT_IN_SOURCE_IDS = {
  callbackForm: 'source-web-form',
  facebookAds: 'source-facebook-ads',
  instagramAds: 'source-instagram-ads',
  googleAds: 'source-google-ads',
  whatsapp: 'source-whatsapp',
} as const;
