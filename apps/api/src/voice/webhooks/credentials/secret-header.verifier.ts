import type { AppConfig } from '../../../config/app-config';
import { matchesDigest, secretDigest, type HeaderCredential, type WebhookDeliveryHeaders } from './webhook-verifier';

/** The server URL's secret, as Vapi sends it in X-Vapi-Secret. */
export function secretHeaderVerifier(config: AppConfig): HeaderCredential | undefined {
  if (!config.VAPI_WEBHOOK_SECRET) return undefined;
  const expected = secretDigest(config.VAPI_WEBHOOK_SECRET);
  return {
    credential: 'X-Vapi-Secret',
    verify: (delivery: WebhookDeliveryHeaders) => {
      const given = delivery.header('x-vapi-secret');
      return given !== undefined && matchesDigest(given, expected);
    },
  };
}
