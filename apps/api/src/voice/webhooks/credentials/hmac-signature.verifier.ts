import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../../config/app-config';
import { matchesDigest, secretDigest, type BodySignature, type WebhookDelivery, type WebhookDeliveryHeaders } from './webhook-verifier';

/** The placeholders of the plan's payloadFormat, and what each stands for in a delivery. */
const PLACEHOLDERS = /\{(body|timestamp|method|url|svix-id)\}/g;

/** A Unix time in seconds or in milliseconds (any value past 2001-09-09 in milliseconds). */
function timestampMillis(value: string): number | undefined {
  if (!/^\d{1,16}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= 1e12 ? number : number * 1000;
}

/**
 * An HMAC credential, as Vapi's HMACAuthenticationPlan signs: the plan's payload format
 * filled in with the exact body bytes received (and the timestamp, method, URL or message
 * id it names), signed with the secret (decoded first when it is base64), encoded in hex or
 * base64 after an optional prefix. A signed timestamp further than
 * VAPI_WEBHOOK_MAX_AGE_SECONDS from now, either way, is refused before the body is read: a
 * captured delivery cannot be replayed later, nor make the API read its body.
 */
export function hmacSignatureVerifier(config: AppConfig): BodySignature | undefined {
  if (!config.VAPI_WEBHOOK_HMAC_SECRET) return undefined;
  const key = config.VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64 ? Buffer.from(config.VAPI_WEBHOOK_HMAC_SECRET, 'base64') : Buffer.from(config.VAPI_WEBHOOK_HMAC_SECRET);
  const format = config.VAPI_WEBHOOK_HMAC_PAYLOAD_FORMAT ?? (config.VAPI_WEBHOOK_HMAC_INCLUDE_TIMESTAMP ? '{timestamp}.{body}' : '{body}');
  const signsTimestamp = format.includes('{timestamp}');
  const maxAgeMillis = config.VAPI_WEBHOOK_MAX_AGE_SECONDS * 1000;

  const headerPlaceholderValue = (name: string, delivery: WebhookDeliveryHeaders): string | undefined =>
    name === 'timestamp'
      ? delivery.header(config.VAPI_WEBHOOK_HMAC_TIMESTAMP_HEADER)
      : name === 'svix-id'
        ? delivery.header(config.VAPI_WEBHOOK_HMAC_MESSAGE_ID_HEADER)
        : name === 'method'
          ? delivery.method
          : delivery.url;

  const placeholderValue = (name: string, delivery: WebhookDelivery): Buffer | undefined => {
    if (name === 'body') return delivery.rawBody;
    const value = headerPlaceholderValue(name, delivery);
    return value === undefined ? undefined : Buffer.from(value);
  };

  /** The bytes the platform signed, or undefined when a header they need is missing. */
  const signedPayload = (delivery: WebhookDelivery): Buffer | undefined => {
    const parts: Buffer[] = [];
    let last = 0;
    for (const match of format.matchAll(PLACEHOLDERS)) {
      const value = placeholderValue(match[1], delivery);
      if (value === undefined) return undefined;
      parts.push(Buffer.from(format.slice(last, match.index)), value);
      last = match.index + match[0].length;
    }
    parts.push(Buffer.from(format.slice(last)));
    return Buffer.concat(parts);
  };

  const isSigned = (delivery: WebhookDeliveryHeaders): boolean => {
    if (delivery.header(config.VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER) === undefined) return false;
    if (signsTimestamp) {
      const sent = timestampMillis(delivery.header(config.VAPI_WEBHOOK_HMAC_TIMESTAMP_HEADER) ?? '');
      if (sent === undefined || Math.abs(Date.now() - sent) > maxAgeMillis) return false;
    }
    return [...format.matchAll(PLACEHOLDERS)].every(([, name]) => name === 'body' || headerPlaceholderValue(name, delivery) !== undefined);
  };

  return {
    credential: `HMAC signature in ${config.VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER}`,
    isSigned,
    verify: (delivery: WebhookDelivery) => {
      const payload = isSigned(delivery) ? signedPayload(delivery) : undefined;
      if (!payload) return false;
      const signature = createHmac(config.VAPI_WEBHOOK_HMAC_ALGORITHM, key).update(payload).digest(config.VAPI_WEBHOOK_HMAC_ENCODING);
      return matchesDigest(delivery.header(config.VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER)!, secretDigest(`${config.VAPI_WEBHOOK_HMAC_SIGNATURE_PREFIX}${signature}`));
    },
  };
}
