import { matchesDigest, secretDigest } from '../../voice/webhooks/credentials/webhook-verifier';

export type GoogleKeyCheck = 'valid' | 'missing' | 'wrong';

/** Whether a delivery's `google_key` is the key set on the form (GOOGLE_ADS_WEBHOOK_KEY), compared in constant time. */
export function checkGoogleKey(body: unknown, configuredKey: string): GoogleKeyCheck {
  const given = typeof body === 'object' && body !== null ? (body as { google_key?: unknown }).google_key : undefined;
  if (typeof given !== 'string' || given === '') return 'missing';
  return matchesDigest(given, secretDigest(configuredKey)) ? 'valid' : 'wrong';
}
