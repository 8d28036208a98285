import { createHash, timingSafeEqual } from 'node:crypto';

/** What a credential check reads of a webhook delivery before its body. */
export interface WebhookDeliveryHeaders {
  /** A header's value, by its lower-case name. */
  header(name: string): string | undefined;
  method: string;
  /** The URL the platform posted to. */
  url: string;
}

/** A delivery with its body, exactly as received: a signature covers these bytes, not a re-serialised copy. */
export interface WebhookDelivery extends WebhookDeliveryHeaders {
  rawBody: Buffer;
}

/** A credential carried in a header (the secret, a bearer token): decided before the body is read. */
export interface HeaderCredential {
  /** For logs: which credential was checked (never its value). */
  readonly credential: string;
  verify(delivery: WebhookDeliveryHeaders): boolean;
}

/** A signature over the body: it needs the bytes, so its headers are checked first to decide whether reading them is worth it. */
export interface BodySignature {
  readonly credential: string;
  /** The headers a signature needs are there (and a signed timestamp is fresh): only then is the body read. */
  isSigned(delivery: WebhookDeliveryHeaders): boolean;
  verify(delivery: WebhookDelivery): boolean;
}

export function secretDigest(secret: string | Buffer): Buffer {
  return createHash('sha256').update(secret).digest();
}

/**
 * Compares what was sent with what was expected as SHA-256 digests through timingSafeEqual,
 * so neither the length nor a prefix of the expected value leaks in timing.
 */
export function matchesDigest(given: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(secretDigest(given), expectedDigest);
}
