import type { AppConfig } from '../../../config/app-config';
import { matchesDigest, secretDigest, type HeaderCredential, type WebhookDeliveryHeaders } from './webhook-verifier';

const BEARER_PREFIX = /^Bearer /i;

/**
 * A bearer-token credential (Vapi's BearerAuthenticationPlan) whose token is
 * VAPI_WEBHOOK_SECRET: in VAPI_WEBHOOK_AUTH_HEADER, with or without the "Bearer " prefix
 * (the plan's bearerPrefixEnabled).
 */
export function bearerTokenVerifier(config: AppConfig): HeaderCredential | undefined {
  if (!config.VAPI_WEBHOOK_SECRET) return undefined;
  const expected = secretDigest(config.VAPI_WEBHOOK_SECRET);
  const header = config.VAPI_WEBHOOK_AUTH_HEADER;
  return {
    credential: `bearer token in ${header}`,
    verify: (delivery: WebhookDeliveryHeaders) => {
      const value = delivery.header(header);
      return value !== undefined && matchesDigest(value.replace(BEARER_PREFIX, ''), expected);
    },
  };
}
